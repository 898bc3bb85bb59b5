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

// BYTES8 packs the eight values from SI, of R9 ≤ 8 bits above R8, to DI
// as R9 bytes, R12 holding the width's bits of each byte (from MASK8), and
// moves SI and DI past them; AX and BX are scratch registers.
#define BYTES8 \
	LANES8(0, AX, BX); \
	PEXTQ R12, AX, AX; \
	MOVQ  AX, 0(DI); \
	ADDQ  R9, DI; \
	ADDQ  $64, SI

// WORDS8 is BYTES8 for 8 < R9 ≤ 16 bits, R12 holding the width's bits of
// each 16-bit lane, CX 4·width − 1 and R13 64 − 4·width (MASK16); R10 is
// a scratch register too.
#define WORDS8 \
	LANES16(0, AX, R10); \
	LANES16(32, BX, R10); \
	PEXTQ R12, AX, AX; \
	PEXTQ R12, BX, BX; \
	SHLXQ CX, BX, R10; \
	SHLQ  $1, R10; \
	ORQ   R10, AX; \
	SHRXQ R13, BX, BX; \
	MOVQ  AX, 0(DI); \
	MOVQ  BX, 8(DI); \
	ADDQ  R9, DI; \
	ADDQ  $64, SI

// MASK8 and MASK16 turn R12 = 2^width − 1 into BYTES8's (WORDS8's)
// registers; R13 is a scratch register for MASK8, and so is R10 for
// MASK16.
#define MASK8 \
	MOVQ  $0x0101010101010101, R13; \
	IMULQ R13, R12
#define MASK16 \
	MOVQ  $0x0001000100010001, R13; \
	IMULQ R13, R12; \
	LEAQ  -1(R9*4), CX; \
	MOVQ  $64, R13; \
	LEAQ  (R9*4), R10; \
	SUBQ  R10, R13

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
	MASK8

bytes:
	BYTES8
	DECQ DX
	JNZ  bytes
	RET

wider8:
	CMPQ R9, $16
	JA   wide
	MASK16

words:
	WORDS8
	DECQ DX
	JNZ  words
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

// ZIGZAGVARINT writes R8 as a zigzag varint to DI and moves DI past it;
// AX and BX are scratch registers. Its labels allow it once a function.
#define ZIGZAGVARINT \
	MOVQ R8, AX; \
	SHLQ $1, AX; \
	MOVQ R8, BX; \
	SARQ $63, BX; \
	XORQ BX, AX; \
varint: \
	CMPQ AX, $0x80; \
	JB   varintLast; \
	MOVL AX, BX; \
	ORL  $0x80, BX; \
	MOVB BX, 0(DI); \
	INCQ DI; \
	SHRQ $7, AX; \
	JMP  varint; \
varintLast: \
	MOVB AX, 0(DI); \
	INCQ DI

// FOLDMIN (FOLDMAX) sets r to the least (greatest) of the four lanes from
// off(base); AX is a scratch register.
#define FOLDMIN(off, base, r) \
	MOVQ off+0(base), r; \
	MOVQ off+8(base), AX; CMPQ AX, r; CMOVQLT AX, r; \
	MOVQ off+16(base), AX; CMPQ AX, r; CMOVQLT AX, r; \
	MOVQ off+24(base), AX; CMPQ AX, r; CMOVQLT AX, r
#define FOLDMAX(off, base, r) \
	MOVQ off+0(base), r; \
	MOVQ off+8(base), AX; CMPQ AX, r; CMOVQGT AX, r; \
	MOVQ off+16(base), AX; CMPQ AX, r; CMOVQGT AX, r; \
	MOVQ off+24(base), AX; CMPQ AX, r; CMOVQGT AX, r

// func encodeBlockAVX2(lanes *blockLanes, deltas *int64, out *byte, lohi *[2]int64) (n int)
//
// The rest of appendDeltaBlock for a full block once deltaBlockAVX2 has
// left its deltas and lanes, in one call (the Go between them and the
// four packBits calls took as long as their work): the lanes folded, the
// least delta written as a zigzag varint, the miniblocks' widths, and
// each miniblock packed as packBitsBMI2 packs up to 16 bits (bytes and
// words, above). It returns the bytes written, at most 10 + 4 + 256 and
// packSlack more overwritten, or 0, nothing usable written, if a
// miniblock takes more than 16 bits; *lohi gets the least and the
// greatest value.
TEXT ·encodeBlockAVX2(SB), NOSPLIT, $8-40
	MOVQ lanes+0(FP), DX
	MOVQ lohi+24(FP), DI
	FOLDMIN(160, DX, R9)
	MOVQ R9, 0(DI)
	FOLDMAX(192, DX, R9)
	MOVQ R9, 8(DI)
	FOLDMIN(0, DX, R8)              // the least delta, the miniblocks' base
	MOVQ out+16(FP), DI
	ZIGZAGVARINT
	MOVQ DI, R11                 // the widths
	ADDQ $4, DI
	XORQ R10, R10                // the miniblock

width:
	MOVQ    R10, BX
	SHLQ    $5, BX
	LEAQ    32(DX)(BX*1), BX     // lanes.maxDeltas[m]
	FOLDMAX(0, BX, R9)
	SUBQ    R8, R9               // < 2^64 as an integer
	XORQ    CX, CX
	BSRQ    R9, R9               // ZF for 0: width 0
	JZ      widthSet
	LEAQ    1(R9), CX
	CMPQ    CX, $16
	JA      wide

widthSet:
	MOVB CX, (R11)(R10*1)
	INCQ R10
	CMPQ R10, $4
	JB   width

	MOVQ deltas+8(FP), SI
	LEAQ 1024(SI), AX
	MOVQ AX, end-8(SP)

miniblock:
	MOVBQZX 0(R11), R9           // width
	INCQ    R11
	TESTQ   R9, R9
	JZ      skip
	MOVQ    $4, DX               // groups of eight values
	MOVQ    $1, R12
	SHLXQ   R9, R12, R12
	DECQ    R12                  // 2^width − 1
	CMPQ    R9, $8
	JA      blockWords
	MASK8

blockBytes:
	BYTES8
	DECQ DX
	JNZ  blockBytes
	JMP  nextMiniblock

blockWords:
	MASK16

blockWord:
	WORDS8
	DECQ DX
	JNZ  blockWord
	JMP  nextMiniblock

skip:
	ADDQ $256, SI

nextMiniblock:
	CMPQ SI, end-8(SP)
	JB   miniblock
	SUBQ out+16(FP), DI
	MOVQ DI, n+32(FP)
	RET

wide:
	MOVQ $0, n+32(FP)
	RET

// FOLDW sets r to the least of the 16 unsigned 16-bit lanes of y, each
// XORed with the lanes of flip first (so that a flip of 0x8000 gives the
// least signed, of 0xFFFF the greatest unsigned, of 0x7FFF the greatest
// signed, XORed back by the caller); Y3 is a scratch register.
#define FOLDW(y, flip, r) \
	VPXOR        flip, y, Y3; \
	VEXTRACTI128 $1, Y3, X4; \
	VPMINUW      X4, X3, X3; \
	VPHMINPOSUW  X3, X3; \
	VMOVD        X3, r; \
	ANDL         $0xFFFF, r

// OFFSETSTEP takes the deltas of 16 values, block[1+16i … 16+16i] from the
// one before each (two unaligned loads, VPSUBW), to the stack, and folds
// them into the least delta Y10 and the miniblock's greatest max, the
// values into Y8 and Y9 (least, greatest) and the values before them into
// Y6 and Y7.
#define OFFSETSTEP(i, max) \
	VMOVDQU (2+32*i)(SI), Y0; \
	VMOVDQU (32*i)(SI), Y1; \
	VPSUBW  Y1, Y0, Y2; \
	VMOVDQU Y2, (32*i)(SP); \
	VPMINSW Y2, Y10, Y10; \
	VPMAXSW Y2, max, max; \
	VPMINUW Y0, Y8, Y8; \
	VPMAXUW Y0, Y9, Y9; \
	VPMINUW Y1, Y6, Y6; \
	VPMAXUW Y1, Y7, Y7

// OFFSETWIDTH writes miniblock m's width, the bits of its greatest delta
// max (a 16-bit lane fold) above the least delta R8, to (R11)(m).
#define OFFSETWIDTH(m, max) \
	FOLDW(max, Y14, AX); \
	XORL    $0x7FFF, AX; \
	MOVWQSX AX, AX; \
	SUBQ    R8, AX; \
	XORQ    CX, CX; \
	BSRQ    AX, AX; \
	JZ      2(PC); \
	LEAQ    1(AX), CX; \
	MOVB    CX, m(R11)

// func encodeOffsetsAVX2(block *[129]uint16, out *byte, lohi *[2]uint16) (n int)
//
// appendDeltaBlock's full block of the values block[1:], each an offset
// from one base, block[0] the value before them, in 16-bit lanes (where
// widening them to int64 first and taking the deltas in four lanes cost
// three passes over eight bytes a value): if the 129 values span less than
// 2¹⁵ every delta is exact as an int16 (VPSUBW), and the block is written
// as encodeBlockAVX2 writes it, from the least delta (VPMINSW, folded by
// VPHMINPOSUW) and each miniblock's greatest (VPMAXSW); the deltas less the
// least, below 2¹⁶, are packed eight at a time by PEXT, as words, or as
// bytes (VPACKUSWB) up to 8 bits. It returns the bytes written, at most
// fullBlockMax with its slack, and the least and the greatest of
// block[1:] in *lohi; or 0, nothing usable written, if the values span
// 2¹⁵ or more. It needs AVX2 and BMI2.
TEXT ·encodeOffsetsAVX2(SB), NOSPLIT, $320-32
	MOVQ     block+0(FP), SI
	VPCMPEQW Y15, Y15, Y15       // 0xFFFF: the flip of the greatest unsigned
	VPSRLW   $1, Y15, Y14        // 0x7FFF
	VPSLLW   $15, Y15, Y13       // 0x8000
	VMOVDQA  Y14, Y10            // the least delta
	VMOVDQA  Y13, Y11            // the greatest delta of miniblocks 0, 1, 2, 3
	VMOVDQA  Y13, Y12
	VMOVDQA  Y15, Y8             // the least value
	VPXOR    Y9, Y9, Y9          // the greatest value
	VMOVDQA  Y15, Y6             // the least value before
	VPXOR    Y7, Y7, Y7          // the greatest value before
	OFFSETSTEP(0, Y11)
	OFFSETSTEP(1, Y11)
	OFFSETSTEP(2, Y12)
	OFFSETSTEP(3, Y12)
	VMOVDQU  Y11, 256(SP)        // the greatest deltas of miniblocks 0, 1
	VMOVDQA  Y13, Y11
	VMOVDQU  Y12, 256+32(SP)
	VMOVDQA  Y13, Y12
	OFFSETSTEP(4, Y11)
	OFFSETSTEP(5, Y11)
	OFFSETSTEP(6, Y12)
	OFFSETSTEP(7, Y12)

	// The span: the least of Y8, Y6 and the greatest of Y9, Y7.
	VPMINUW Y6, Y8, Y0
	VPMAXUW Y7, Y9, Y1
	VPXOR   Y13, Y13, Y2
	FOLDW(Y0, Y2, BX)
	FOLDW(Y1, Y15, DX)
	XORL    $0xFFFF, DX
	SUBL    BX, DX
	CMPL    DX, $0x8000
	JAE     spans
	MOVQ    lohi+16(FP), DI
	FOLDW(Y8, Y2, BX)
	MOVW    BX, 0(DI)
	FOLDW(Y9, Y15, DX)
	XORL    $0xFFFF, DX
	MOVW    DX, 2(DI)

	FOLDW(Y10, Y13, R8)
	XORL    $0x8000, R8
	MOVWQSX R8, R8               // the least delta, the miniblocks' base
	MOVQ    out+8(FP), DI
	ZIGZAGVARINT
	MOVQ DI, R11                 // the widths
	ADDQ $4, DI
	VMOVDQU 256(SP), Y0
	OFFSETWIDTH(0, Y0)
	VMOVDQU 288(SP), Y0
	OFFSETWIDTH(1, Y0)
	OFFSETWIDTH(2, Y11)
	OFFSETWIDTH(3, Y12)

	// Each delta less the least, on the stack where it was.
	VMOVQ        R8, X5
	VPBROADCASTW X5, Y5
	XORQ         AX, AX

less:
	VMOVDQU (SP)(AX*1), Y0
	VPSUBW  Y5, Y0, Y0
	VMOVDQU Y0, (SP)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, $256
	JB      less

	MOVQ SP, SI                  // the miniblock's deltas less the least
	XORQ R10, R10                // the miniblock

offsetMiniblock:
	MOVBQZX (R11)(R10*1), R9     // width
	TESTQ   R9, R9
	JZ      offsetSkip
	MOVQ    $1, R12
	SHLXQ   R9, R12, R12
	DECQ    R12                  // 2^width − 1
	CMPQ    R9, $8
	JA      offsetWords
	MOVQ    $0x0101010101010101, R13
	IMULQ   R13, R12
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VPACKUSWB Y1, Y0, Y0         // u0-7, u16-23, u8-15, u24-31
	VPERMQ  $0xD8, Y0, Y0
	VMOVDQU Y0, 256(SP)
	MOVQ    $4, DX
	LEAQ    256(SP), BX

offsetBytes:
	MOVQ  0(BX), AX
	PEXTQ R12, AX, AX
	MOVQ  AX, 0(DI)
	ADDQ  R9, DI
	ADDQ  $8, BX
	DECQ  DX
	JNZ   offsetBytes

offsetSkip:
	ADDQ $64, SI
	JMP  offsetNext

offsetWords:
	MOVQ  $0x0001000100010001, R13
	IMULQ R13, R12
	LEAQ  -1(R9*4), CX           // 4·width − 1
	MOVQ  $64, R13
	LEAQ  (R9*4), BX
	SUBQ  BX, R13                // 64 − 4·width
	MOVQ  $4, DX

offsetWord:
	MOVQ  0(SI), AX
	MOVQ  8(SI), BX
	PEXTQ R12, AX, AX
	PEXTQ R12, BX, BX
	SHLXQ CX, BX, R8
	SHLQ  $1, R8
	ORQ   R8, AX
	SHRXQ R13, BX, BX
	MOVQ  AX, 0(DI)
	MOVQ  BX, 8(DI)
	ADDQ  R9, DI
	ADDQ  $16, SI
	DECQ  DX
	JNZ   offsetWord

offsetNext:
	INCQ R10
	CMPQ R10, $4
	JB   offsetMiniblock
	SUBQ out+8(FP), DI
	MOVQ DI, n+24(FP)
	VZEROUPPER
	RET

spans:
	MOVQ $0, n+24(FP)
	VZEROUPPER
	RET
