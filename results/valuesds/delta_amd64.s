//go:build amd64 && !purego

#include "textflag.h"

// MINQ and MAXQ set acc to the lane-wise least (greatest) of acc and y, as
// signed 64-bit integers (AVX2 has no VPMINSQ): a compare, then a blend;
// t is a scratch register.
#define MINQ(y, acc, t) VPCMPGTQ y, acc, t; VPBLENDVB t, y, acc, acc
#define MAXQ(y, acc, t) VPCMPGTQ acc, y, t; VPBLENDVB t, y, acc, acc

// func deltaBlockAVX2(values *int64, deltas *int64, lanes *blockLanes)
//
// Four deltas a step: values[i+1 … i+4] − values[i … i+3] (two unaligned
// loads; VPSUBQ wraps as the Go loop's subtraction does), stored, and
// folded into four lanes of the block's least delta, each miniblock's
// greatest delta, and the least and greatest value. The lanes go to
// *lanes, which the caller folds to one (blockLanes.fold).
TEXT ·deltaBlockAVX2(SB), NOSPLIT, $0-24
	MOVQ values+0(FP), SI
	MOVQ deltas+8(FP), DI
	MOVQ lanes+16(FP), DX
	VMOVDQU 8(SI), Y0
	VMOVDQU 0(SI), Y1
	VPSUBQ  Y1, Y0, Y10          // the least delta: from the first four
	VMOVDQA Y0, Y12              // the least value
	VMOVDQA Y0, Y13              // the greatest value
	XORQ    AX, AX               // the byte offset of the step
	LEAQ    32(DX), R9           // lanes.maxDeltas[0]
	MOVQ    $4, R8               // miniblocks left

miniblock:
	VMOVDQU 8(SI)(AX*1), Y0
	VMOVDQU 0(SI)(AX*1), Y1
	VPSUBQ  Y1, Y0, Y11          // the miniblock's greatest delta: from its first four
	MOVQ    $8, CX               // steps of four deltas a miniblock

step:
	VMOVDQU 8(SI)(AX*1), Y0      // values i+1 … i+4
	VMOVDQU 0(SI)(AX*1), Y1      // values i … i+3
	VPSUBQ  Y1, Y0, Y2           // their deltas
	VMOVDQU Y2, 0(DI)(AX*1)
	MINQ(Y2, Y10, Y3)
	MAXQ(Y2, Y11, Y4)
	MINQ(Y0, Y12, Y5)
	MAXQ(Y0, Y13, Y6)
	ADDQ    $32, AX
	DECQ    CX
	JNZ     step
	VMOVDQU Y11, 0(R9)
	ADDQ    $32, R9
	DECQ    R8
	JNZ     miniblock

	VMOVDQU Y10, 0(DX)
	VMOVDQU Y12, 160(DX)
	VMOVDQU Y13, 192(DX)
	VZEROUPPER
	RET

// LANES8 sets dst to the values mini[k]−base, k = 0 … 7 from off(SI), each
// below 2⁸, in its bytes, the first lowest; t is a scratch register.
#define LANES8(off, dst, t) \
	MOVQ off+0(SI), dst; SUBQ R8, dst; \
	MOVQ off+8(SI), t; SUBQ R8, t; SHLQ $8, t; ORQ t, dst; \
	MOVQ off+16(SI), t; SUBQ R8, t; SHLQ $16, t; ORQ t, dst; \
	MOVQ off+24(SI), t; SUBQ R8, t; SHLQ $24, t; ORQ t, dst; \
	MOVQ off+32(SI), t; SUBQ R8, t; SHLQ $32, t; ORQ t, dst; \
	MOVQ off+40(SI), t; SUBQ R8, t; SHLQ $40, t; ORQ t, dst; \
	MOVQ off+48(SI), t; SUBQ R8, t; SHLQ $48, t; ORQ t, dst; \
	MOVQ off+56(SI), t; SUBQ R8, t; SHLQ $56, t; ORQ t, dst

// LANES16 sets dst to the values mini[k]−base, k = 0 … 3 from off(SI), each
// below 2¹⁶, in its 16-bit lanes, the first lowest; t is a scratch register.
#define LANES16(off, dst, t) \
	MOVQ off+0(SI), dst; SUBQ R8, dst; \
	MOVQ off+8(SI), t; SUBQ R8, t; SHLQ $16, t; ORQ t, dst; \
	MOVQ off+16(SI), t; SUBQ R8, t; SHLQ $32, t; ORQ t, dst; \
	MOVQ off+24(SI), t; SUBQ R8, t; SHLQ $48, t; ORQ t, dst

// func packBitsBMI2(out *byte, mini *[32]int64, base int64, width int)
//
// Up to 16 bits, eight values at a time: set side by side in the lanes of
// one word (8 bits) or two (16), PEXT takes the width's low bits of each
// lane, together, as the 8·width bits that the encoding packs them in, w
// bytes stored as a word (or two) whose bytes past them the next store
// overwrites, or past the 4·width bytes lie in the slack packBits keeps.
// Two words of four lanes each give 4·width bits, the second shifted by
// 4·width over the first (as << (4·width − 1) << 1, so that a shift of 64
// gives 0, SHLX taking counts mod 64) and its rest >> (64 − 4·width) the
// second word stored.
//
// Wider, packBitsGo's loop: acc gathers the values' bits from filled on
// (SHLX), and a full word is stored and followed by the bits of its last
// value that did not fit: v >> (width − filled), taken as v >> 1 >> (width
// − 1 − filled) so that the count stays below 64 (SHRX takes it mod 64)
// when none are left over.
TEXT ·packBitsBMI2(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ mini+8(FP), SI
	MOVQ base+16(FP), R8
	MOVQ width+24(FP), R9
	MOVQ $4, DX                  // groups of eight values left
	MOVQ $1, R12
	SHLXQ R9, R12, R12
	DECQ R12                     // 2^width − 1
	CMPQ R9, $8
	JA   wider8
	MOVQ $0x0101010101010101, R13
	IMULQ R13, R12               // the width's bits of each byte

bytes:
	LANES8(0, AX, BX)
	PEXTQ R12, AX, AX
	MOVQ  AX, 0(DI)
	ADDQ  R9, DI
	ADDQ  $64, SI
	DECQ  DX
	JNZ   bytes
	RET

wider8:
	CMPQ R9, $16
	JA   wide
	MOVQ $0x0001000100010001, R13
	IMULQ R13, R12               // the width's bits of each 16-bit lane
	LEAQ -1(R9*4), CX            // 4·width − 1
	MOVQ $64, R13
	LEAQ (R9*4), R11
	SUBQ R11, R13                // 64 − 4·width

words:
	LANES16(0, AX, R10)
	LANES16(32, BX, R10)
	PEXTQ R12, AX, AX
	PEXTQ R12, BX, BX
	SHLXQ CX, BX, R10
	SHLQ  $1, R10
	ORQ   R10, AX
	SHRXQ R13, BX, BX
	MOVQ  AX, 0(DI)
	MOVQ  BX, 8(DI)
	ADDQ  R9, DI
	ADDQ  $64, SI
	DECQ  DX
	JNZ   words
	RET

wide:
	XORQ AX, AX                  // acc
	XORQ CX, CX                  // filled, < 64
	MOVQ $32, DX                 // values left

value:
	MOVQ  0(SI), BX
	SUBQ  R8, BX                 // v
	SHLXQ CX, BX, R10
	ORQ   R10, AX
	ADDQ  R9, CX
	CMPQ  CX, $64
	JB    next
	MOVQ  AX, 0(DI)
	ADDQ  $8, DI
	SUBQ  $64, CX
	MOVQ  R9, R11
	SUBQ  CX, R11
	DECQ  R11                    // width − 1 − filled ≥ 0
	SHRQ  $1, BX
	SHRXQ R11, BX, AX

next:
	ADDQ $8, SI
	DECQ DX
	JNZ  value
	TESTQ $1, R9                 // an odd width leaves half a word
	JZ    done
	MOVL  AX, 0(DI)

done:
	RET
