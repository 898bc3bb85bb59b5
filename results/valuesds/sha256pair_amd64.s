//go:build amd64 && !purego

#include "textflag.h"

// The SHA-256 round constants, four to a 16-byte group.
DATA shaK<>+0(SB)/4, $0x428a2f98
DATA shaK<>+4(SB)/4, $0x71374491
DATA shaK<>+8(SB)/4, $0xb5c0fbcf
DATA shaK<>+12(SB)/4, $0xe9b5dba5
DATA shaK<>+16(SB)/4, $0x3956c25b
DATA shaK<>+20(SB)/4, $0x59f111f1
DATA shaK<>+24(SB)/4, $0x923f82a4
DATA shaK<>+28(SB)/4, $0xab1c5ed5
DATA shaK<>+32(SB)/4, $0xd807aa98
DATA shaK<>+36(SB)/4, $0x12835b01
DATA shaK<>+40(SB)/4, $0x243185be
DATA shaK<>+44(SB)/4, $0x550c7dc3
DATA shaK<>+48(SB)/4, $0x72be5d74
DATA shaK<>+52(SB)/4, $0x80deb1fe
DATA shaK<>+56(SB)/4, $0x9bdc06a7
DATA shaK<>+60(SB)/4, $0xc19bf174
DATA shaK<>+64(SB)/4, $0xe49b69c1
DATA shaK<>+68(SB)/4, $0xefbe4786
DATA shaK<>+72(SB)/4, $0x0fc19dc6
DATA shaK<>+76(SB)/4, $0x240ca1cc
DATA shaK<>+80(SB)/4, $0x2de92c6f
DATA shaK<>+84(SB)/4, $0x4a7484aa
DATA shaK<>+88(SB)/4, $0x5cb0a9dc
DATA shaK<>+92(SB)/4, $0x76f988da
DATA shaK<>+96(SB)/4, $0x983e5152
DATA shaK<>+100(SB)/4, $0xa831c66d
DATA shaK<>+104(SB)/4, $0xb00327c8
DATA shaK<>+108(SB)/4, $0xbf597fc7
DATA shaK<>+112(SB)/4, $0xc6e00bf3
DATA shaK<>+116(SB)/4, $0xd5a79147
DATA shaK<>+120(SB)/4, $0x06ca6351
DATA shaK<>+124(SB)/4, $0x14292967
DATA shaK<>+128(SB)/4, $0x27b70a85
DATA shaK<>+132(SB)/4, $0x2e1b2138
DATA shaK<>+136(SB)/4, $0x4d2c6dfc
DATA shaK<>+140(SB)/4, $0x53380d13
DATA shaK<>+144(SB)/4, $0x650a7354
DATA shaK<>+148(SB)/4, $0x766a0abb
DATA shaK<>+152(SB)/4, $0x81c2c92e
DATA shaK<>+156(SB)/4, $0x92722c85
DATA shaK<>+160(SB)/4, $0xa2bfe8a1
DATA shaK<>+164(SB)/4, $0xa81a664b
DATA shaK<>+168(SB)/4, $0xc24b8b70
DATA shaK<>+172(SB)/4, $0xc76c51a3
DATA shaK<>+176(SB)/4, $0xd192e819
DATA shaK<>+180(SB)/4, $0xd6990624
DATA shaK<>+184(SB)/4, $0xf40e3585
DATA shaK<>+188(SB)/4, $0x106aa070
DATA shaK<>+192(SB)/4, $0x19a4c116
DATA shaK<>+196(SB)/4, $0x1e376c08
DATA shaK<>+200(SB)/4, $0x2748774c
DATA shaK<>+204(SB)/4, $0x34b0bcb5
DATA shaK<>+208(SB)/4, $0x391c0cb3
DATA shaK<>+212(SB)/4, $0x4ed8aa4a
DATA shaK<>+216(SB)/4, $0x5b9cca4f
DATA shaK<>+220(SB)/4, $0x682e6ff3
DATA shaK<>+224(SB)/4, $0x748f82ee
DATA shaK<>+228(SB)/4, $0x78a5636f
DATA shaK<>+232(SB)/4, $0x84c87814
DATA shaK<>+236(SB)/4, $0x8cc70208
DATA shaK<>+240(SB)/4, $0x90befffa
DATA shaK<>+244(SB)/4, $0xa4506ceb
DATA shaK<>+248(SB)/4, $0xbef9a3f7
DATA shaK<>+252(SB)/4, $0xc67178f2
GLOBL shaK<>(SB), RODATA|NOPTR, $256

// flip reverses the bytes of each 32-bit word: the message is big-endian.
DATA flip<>+0(SB)/8, $0x0405060700010203
DATA flip<>+8(SB)/8, $0x0c0d0e0f08090a0b
GLOBL flip<>(SB), RODATA|NOPTR, $16

// LOADQUAD loads message words 4i … 4i+3 of a stream's block from
// OFF(P) into M (big-endian, through T) and runs rounds 4i … 4i+3 of them
// (K their constants' offset) on the state S0, S1.
#define LOADQUAD(OFF, K, P, T, M, S0, S1) \
	VMOVDQU OFF(P), T; \
	VPSHUFB flip<>(SB), T, T; \
	VMOVDQA T, M; \
	VPADDD K(AX), T, X0; \
	SHA256RNDS2 X0, S0, S1; \
	PSHUFD $0x0e, X0, X0; \
	SHA256RNDS2 X0, S1, S0

// QUAD runs the four rounds of the message words in M (K their constants'
// offset) on the state S0, S1; SHA256RNDS2 takes its words in X0.
#define QUAD(K, M, S0, S1) \
	VPADDD K(AX), M, X0; \
	SHA256RNDS2 X0, S0, S1; \
	PSHUFD $0x0e, X0, X0; \
	SHA256RNDS2 X0, S1, S0

// SCHEDULE finishes the next four message words in NEXT from the four in M
// and those before them in PREV (W is scratch), as Go's blockSHANI does.
#define SCHEDULE(M, PREV, NEXT, W) \
	VMOVDQA M, W; \
	PALIGNR $0x04, PREV, W; \
	PADDD W, NEXT; \
	SHA256MSG2 M, NEXT

// func blockSHANI2(a, b *[8]uint32, pa, pb *byte, blocks int)
//
// Runs the SHA-256 compression of blocks 64-byte blocks of pa on the state
// a and of pb on b, the two streams interleaved: one stream's SHA256RNDS2
// waits on the one before (4 cycles of latency on Zen 3 against a
// throughput of one in 2), so a second, independent stream fills the gaps.
// The rounds and the message schedule are those of Go's blockSHANI
// (crypto/internal/fips140/sha256, BSD-style licence), each group of four
// rounds of stream a followed by the same of stream b, a group's schedule
// after its rounds (it touches neither the state nor X0): stream a in X0
// … X7 (its state in X1, X2), b in X8 … X15 (its state in X9, X10), the
// round input of both in X0 (SHA256RNDS2 reads it implicitly), the states
// before a block on the stack. Needs SHA, SSE4.1, SSSE3 and AVX
// (hasSHANI).
TEXT ·blockSHANI2(SB), NOSPLIT, $64-40
	MOVQ a+0(FP), DI
	MOVQ b+8(FP), DX
	MOVQ pa+16(FP), SI
	MOVQ pb+24(FP), BX
	MOVQ blocks+32(FP), CX
	TESTQ CX, CX
	JZ   done

	// The states as SHA256RNDS2 holds them: ABEF in X1, CDGH in X2.
	VMOVDQU (DI), X1
	VMOVDQU 16(DI), X2
	PSHUFD  $0xb1, X1, X1
	PSHUFD  $0x1b, X2, X2
	VMOVDQA X1, X7
	PALIGNR $0x08, X2, X1
	PBLENDW $0xf0, X7, X2
	VMOVDQU (DX), X9
	VMOVDQU 16(DX), X10
	PSHUFD  $0xb1, X9, X9
	PSHUFD  $0x1b, X10, X10
	VMOVDQA X9, X15
	PALIGNR $0x08, X10, X9
	PBLENDW $0xf0, X15, X10
	LEAQ    shaK<>(SB), AX

block:
	VMOVDQU X1, 0(SP)
	VMOVDQU X2, 16(SP)
	VMOVDQU X9, 32(SP)
	VMOVDQU X10, 48(SP)
	// Rounds 0–3 of a, then of b.
	LOADQUAD(0, 0, SI, X0, X3, X1, X2)
	LOADQUAD(0, 0, BX, X8, X11, X9, X10)
	// Rounds 4–7 of a, then of b.
	LOADQUAD(16, 16, SI, X0, X4, X1, X2)
	SHA256MSG1 X4, X3
	LOADQUAD(16, 16, BX, X8, X12, X9, X10)
	SHA256MSG1 X12, X11
	// Rounds 8–11 of a, then of b.
	LOADQUAD(32, 32, SI, X0, X5, X1, X2)
	SHA256MSG1 X5, X4
	LOADQUAD(32, 32, BX, X8, X13, X9, X10)
	SHA256MSG1 X13, X12
	// Rounds 12–15 of a, then of b.
	LOADQUAD(48, 48, SI, X0, X6, X1, X2)
	SCHEDULE(X6, X5, X3, X7)
	SHA256MSG1 X6, X5
	LOADQUAD(48, 48, BX, X8, X14, X9, X10)
	SCHEDULE(X14, X13, X11, X15)
	SHA256MSG1 X14, X13
	// Rounds 16–19 of a, then of b.
	QUAD(64, X3, X1, X2)
	SCHEDULE(X3, X6, X4, X7)
	SHA256MSG1 X3, X6
	QUAD(64, X11, X9, X10)
	SCHEDULE(X11, X14, X12, X15)
	SHA256MSG1 X11, X14
	// Rounds 20–23 of a, then of b.
	QUAD(80, X4, X1, X2)
	SCHEDULE(X4, X3, X5, X7)
	SHA256MSG1 X4, X3
	QUAD(80, X12, X9, X10)
	SCHEDULE(X12, X11, X13, X15)
	SHA256MSG1 X12, X11
	// Rounds 24–27 of a, then of b.
	QUAD(96, X5, X1, X2)
	SCHEDULE(X5, X4, X6, X7)
	SHA256MSG1 X5, X4
	QUAD(96, X13, X9, X10)
	SCHEDULE(X13, X12, X14, X15)
	SHA256MSG1 X13, X12
	// Rounds 28–31 of a, then of b.
	QUAD(112, X6, X1, X2)
	SCHEDULE(X6, X5, X3, X7)
	SHA256MSG1 X6, X5
	QUAD(112, X14, X9, X10)
	SCHEDULE(X14, X13, X11, X15)
	SHA256MSG1 X14, X13
	// Rounds 32–35 of a, then of b.
	QUAD(128, X3, X1, X2)
	SCHEDULE(X3, X6, X4, X7)
	SHA256MSG1 X3, X6
	QUAD(128, X11, X9, X10)
	SCHEDULE(X11, X14, X12, X15)
	SHA256MSG1 X11, X14
	// Rounds 36–39 of a, then of b.
	QUAD(144, X4, X1, X2)
	SCHEDULE(X4, X3, X5, X7)
	SHA256MSG1 X4, X3
	QUAD(144, X12, X9, X10)
	SCHEDULE(X12, X11, X13, X15)
	SHA256MSG1 X12, X11
	// Rounds 40–43 of a, then of b.
	QUAD(160, X5, X1, X2)
	SCHEDULE(X5, X4, X6, X7)
	SHA256MSG1 X5, X4
	QUAD(160, X13, X9, X10)
	SCHEDULE(X13, X12, X14, X15)
	SHA256MSG1 X13, X12
	// Rounds 44–47 of a, then of b.
	QUAD(176, X6, X1, X2)
	SCHEDULE(X6, X5, X3, X7)
	SHA256MSG1 X6, X5
	QUAD(176, X14, X9, X10)
	SCHEDULE(X14, X13, X11, X15)
	SHA256MSG1 X14, X13
	// Rounds 48–51 of a, then of b.
	QUAD(192, X3, X1, X2)
	SCHEDULE(X3, X6, X4, X7)
	SHA256MSG1 X3, X6
	QUAD(192, X11, X9, X10)
	SCHEDULE(X11, X14, X12, X15)
	SHA256MSG1 X11, X14
	// Rounds 52–55 of a, then of b.
	QUAD(208, X4, X1, X2)
	SCHEDULE(X4, X3, X5, X7)
	QUAD(208, X12, X9, X10)
	SCHEDULE(X12, X11, X13, X15)
	// Rounds 56–59 of a, then of b.
	QUAD(224, X5, X1, X2)
	SCHEDULE(X5, X4, X6, X7)
	QUAD(224, X13, X9, X10)
	SCHEDULE(X13, X12, X14, X15)
	// Rounds 60–63 of a, then of b.
	QUAD(240, X6, X1, X2)
	QUAD(240, X14, X9, X10)

	VPADDD 0(SP), X1, X1
	VPADDD 16(SP), X2, X2
	VPADDD 32(SP), X9, X9
	VPADDD 48(SP), X10, X10
	ADDQ $64, SI
	ADDQ $64, BX
	DECQ CX
	JNZ  block

	PSHUFD  $0x1b, X1, X1
	PSHUFD  $0xb1, X2, X2
	VMOVDQA X1, X7
	PBLENDW $0xf0, X2, X1
	PALIGNR $0x08, X7, X2
	VMOVDQU X1, (DI)
	VMOVDQU X2, 16(DI)
	PSHUFD  $0x1b, X9, X9
	PSHUFD  $0xb1, X10, X10
	VMOVDQA X9, X15
	PBLENDW $0xf0, X10, X9
	PALIGNR $0x08, X15, X10
	VMOVDQU X9, (DX)
	VMOVDQU X10, 16(DX)

done:
	RET

// func cpuidSHA() bool
//
// Reports CPUID leaf 7's SHA bit (EBX bit 29): the processor has SHA-NI.
// The caller checks that leaf 7 exists (a processor with AVX2 has it).
TEXT ·cpuidSHA(SB), NOSPLIT, $0-1
	MOVL $7, AX
	XORL CX, CX
	CPUID
	SHRL $29, BX
	ANDL $1, BX
	MOVB BX, ret+0(FP)
	RET
