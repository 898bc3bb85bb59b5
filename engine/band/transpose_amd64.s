//go:build amd64 && !purego

#include "textflag.h"

// LOADROWS loads the next row, R8, into the low lane of Y (through X) and
// the row eight further on, R9, into its high lane, and steps both on.
#define LOADROWS(X, Y) \
	VMOVDQU (R8), X; \
	VINSERTI128 $1, (R9), Y, Y; \
	ADDQ BX, R8; \
	ADDQ BX, R9

// STOREROWS stores the low lane of Y (X) as the next output row, R8, and
// its high lane as the one after, stepping on.
#define STOREROWS(X, Y) \
	VMOVDQU X, (R8); \
	ADDQ DX, R8; \
	VEXTRACTI128 $1, Y, (R8); \
	ADDQ DX, R8

// UNPACK interleaves the low halves of A and B's lanes into T (LO) and
// their high halves into A (HI).
#define UNPACK(LO, HI, A, B, T) \
	LO B, A, T; \
	HI B, A, A

// func transposeGroups(dst *byte, dstStep int, src *byte, srcStep int, groups int)
//
// Transposes groups 16×16 blocks of bytes: block g's row r is the 16 bytes
// at src + (16g + r)·srcStep, and its column t goes to the 16 bytes at dst
// + 16g + t·dstStep. Row r sits in the low lane of Y(r mod 8) for r < 8,
// in the high lane for r ≥ 8, so that three rounds of unpacks (bytes,
// words, dwords of rows r and r XOR 1, 2, 4) work on both halves at once
// and leave, in each lane, qword c0 of register i holding column 2i+c0 of
// its eight rows (the register numbers are those the rounds leave the
// columns in); VPERMQ then puts the two lanes' qwords c0 side by side.
// 64 instructions for 256 bytes, where a byte at a time takes a load and
// a store each.
TEXT ·transposeGroups(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ dstStep+8(FP), DX
	MOVQ src+16(FP), SI
	MOVQ srcStep+24(FP), BX
	MOVQ groups+32(FP), CX
	TESTQ CX, CX
	JZ   done

group:
	MOVQ SI, R8
	LEAQ (SI)(BX*8), R9
	LOADROWS(X0, Y0)
	LOADROWS(X1, Y1)
	LOADROWS(X2, Y2)
	LOADROWS(X3, Y3)
	LOADROWS(X4, Y4)
	LOADROWS(X5, Y5)
	LOADROWS(X6, Y6)
	LOADROWS(X7, Y7)
	// Bytes, words, dwords: within each lane, rows r and r^1, r^2, r^4.
	UNPACK(VPUNPCKLBW, VPUNPCKHBW, Y0, Y1, Y8)
	UNPACK(VPUNPCKLBW, VPUNPCKHBW, Y2, Y3, Y1)
	UNPACK(VPUNPCKLBW, VPUNPCKHBW, Y4, Y5, Y3)
	UNPACK(VPUNPCKLBW, VPUNPCKHBW, Y6, Y7, Y5)
	UNPACK(VPUNPCKLWD, VPUNPCKHWD, Y8, Y1, Y7)
	UNPACK(VPUNPCKLWD, VPUNPCKHWD, Y0, Y2, Y1)
	UNPACK(VPUNPCKLWD, VPUNPCKHWD, Y3, Y5, Y2)
	UNPACK(VPUNPCKLWD, VPUNPCKHWD, Y4, Y6, Y5)
	UNPACK(VPUNPCKLDQ, VPUNPCKHDQ, Y7, Y2, Y6)
	UNPACK(VPUNPCKLDQ, VPUNPCKHDQ, Y8, Y3, Y2)
	UNPACK(VPUNPCKLDQ, VPUNPCKHDQ, Y1, Y5, Y3)
	UNPACK(VPUNPCKLDQ, VPUNPCKHDQ, Y0, Y4, Y5)
	// Each qword c0 of a lane holds column 2i+c0 of the lane's 8 rows:
	// the lanes' qwords 0 and 1 side by side are output rows 2i, 2i+1.
	VPERMQ $0xd8, Y6, Y6
	VPERMQ $0xd8, Y7, Y7
	VPERMQ $0xd8, Y2, Y2
	VPERMQ $0xd8, Y8, Y8
	VPERMQ $0xd8, Y3, Y3
	VPERMQ $0xd8, Y1, Y1
	VPERMQ $0xd8, Y5, Y5
	VPERMQ $0xd8, Y0, Y0
	// Output rows 2i and 2i+1, columns y0+2i and y0+2i+1 of the 16 rows, to
	// DI + c·DX: the lanes of the register the rounds left them in.
	MOVQ DI, R8
	STOREROWS(X6, Y6)
	STOREROWS(X7, Y7)
	STOREROWS(X2, Y2)
	STOREROWS(X8, Y8)
	STOREROWS(X3, Y3)
	STOREROWS(X1, Y1)
	STOREROWS(X5, Y5)
	STOREROWS(X0, Y0)
	LEAQ (SI)(BX*8), SI
	LEAQ (SI)(BX*8), SI
	ADDQ $16, DI
	DECQ CX
	JNZ  group
	VZEROUPPER

done:
	RET
