//go:build amd64 && !purego

#include "textflag.h"

// The per-cell loop of fillWord4Generic. Registers:
//
//	R8 … R11  the row's set, words 0 … 3
//	BX        the live columns still to walk
//	CX        the column j within the word
//	R12       the column's set, &sets[4j]
//	R13       the values of a word missing from row ∪ column
//	AX        the cell's value m
//	DX        the cells taken, n
//	SI, DI    sets and cells
//	R15       full
//	R14       scratch
//
// A word path looks for the mex in word w of the union; when the word is
// full it goes on to word w+1, and past word 3 the cell is above V. A mex
// equal to the excluded value x ^ y is dropped from the word's missing
// values, and the path goes on from there.

// WORD is the path of word w of the sets: OFF = 8w is its offset in a
// set, BASE = 64w its first value, ROW the register of the row's word,
// THIS, HIT and KEEP its labels, NEXT the path it goes on to when the word
// of the union is full. It finds the mex m in the word, drops it if it is
// x ^ y, and unless m is above V adds it to the column (noting a column
// that fills) and to the row.
#define WORD(OFF, BASE, ROW, THIS, HIT, KEEP, NEXT) \
THIS:	MOVQ OFF(R12), R13; \
	ORQ  ROW, R13; \
	XORQ $-1, R13; \
	JZ   NEXT; \
	BSFQ R13, AX; \
	ADDQ $BASE, AX; \
	MOVQ y0+104(FP), R14; \
	ADDQ CX, R14; \
	XORQ x+96(FP), R14; \
	CMPQ AX, R14; \
	JEQ  HIT; \
KEEP:	CMPQ AX, cells_len+64(FP); \
	JGE  above; \
	MOVQ OFF(R12), R14; \
	BTSQ AX, R14; \
	MOVQ R14, OFF(R12); \
	BTSQ AX, ROW; \
	CMPQ R14, OFF(R15); \
	JEQ  columnFull; \
	JMP  store; \
HIT:	LEAQ -1(R13), R14; \
	ANDQ R14, R13; \
	JZ   NEXT; \
	BSFQ R13, AX; \
	ADDQ $BASE, AX; \
	JMP  KEEP

// func fillWord4(row *[4]uint64, sets []uint64, live uint64, liveWord *uint64, full *[4]uint64,
//	cells []uint64, n int, packedBase uint64, x, y0 int64) (nOut, capped int)
TEXT ·fillWord4(SB), NOSPLIT, $0-128
	MOVQ row+0(FP), AX
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ sets_base+8(FP), SI
	MOVQ live+32(FP), BX
	MOVQ full+48(FP), R15
	MOVQ cells_base+56(FP), DI
	MOVQ n+80(FP), DX
	MOVQ $0, capped+120(FP)

next:
	TESTQ BX, BX
	JZ   done
	BSFQ BX, CX
	LEAQ -1(BX), R14
	ANDQ R14, BX
	MOVQ CX, R12
	SHLQ $5, R12
	ADDQ SI, R12

	WORD(0, 0, R8, word0, hit0, keep0, word1)
	WORD(8, 64, R9, word1, hit1, keep1, word2)
	WORD(16, 128, R10, word2, hit2, keep2, word3)
	WORD(24, 192, R11, word3, hit3, keep3, above)

// The cell's mex is above V: it is V+1 and changes no set.
above:
	INCQ capped+120(FP)
	JMP  next

// A word of the column's set became full: if all four are, the column
// leaves the live columns.
columnFull:
	MOVQ 0(R12), R14
	CMPQ R14, 0(R15)
	JNE  store
	MOVQ 8(R12), R14
	CMPQ R14, 8(R15)
	JNE  store
	MOVQ 16(R12), R14
	CMPQ R14, 16(R15)
	JNE  store
	MOVQ 24(R12), R14
	CMPQ R14, 24(R15)
	JNE  store
	MOVQ liveWord+40(FP), R13
	MOVQ 0(R13), R14
	BTRQ CX, R14
	MOVQ R14, 0(R13)

// cells[n] = packedBase + j<<32 | m; the row is full at n = V+1.
store:
	MOVQ CX, R14
	SHLQ $32, R14
	ADDQ packedBase+88(FP), R14
	ORQ  AX, R14
	MOVQ R14, (DI)(DX*8)
	INCQ DX
	CMPQ DX, cells_len+64(FP)
	JLT  next

done:
	MOVQ row+0(FP), AX
	MOVQ R8, 0(AX)
	MOVQ R9, 8(AX)
	MOVQ R10, 16(AX)
	MOVQ R11, 24(AX)
	MOVQ DX, nOut+112(FP)
	RET
