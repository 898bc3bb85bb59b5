//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// fillTile4WordGeneric in assembly: the rows of the band one after
// another up to the first whose diagonal lies beyond the word, a row whose
// diagonal is in the word started there, and for each the per-cell loop of
// fillWord4Generic over the word's live columns from its diagonal on,
// those within the span. Registers in the per-cell loop:
//
//	R8 … R11  the row's set, words 0 … 3, inverted
//	BX        the live columns still to walk
//	CX        the column j within the word
//	R12       the offset of the column's set in sets, 32j (its word w is
//	          8w(SI)(R12*1): no address added up a cell)
//	R13       the word of the column's set
//	R14       the values of that word missing from row ∪ column
//	AX        the cell's value m
//	DX        the cells still to take, V+1−n
//	SI        sets
//	DI        the row's right part, less its diagonal's column d
//	R15       full
//
// What the loop reads of the row and the word but rarely (the excluded
// value's row x, y0, V+1, the live word's address, the count of cells
// above V, and the live columns beyond the span) is in the frame.
// A word path looks for the mex in word w of the union; when the word is
// full it goes on to word w+1, and past word 3 the cell is above V. A mex
// equal to the excluded value x ^ y is dropped from the word's missing
// values, and the path goes on from there.
//
// There are four loops, next0 … next3: loop k starts at word k, the first
// word of the row's set that is not full (the words before it hold no
// value missing from the row, so no mex). A row's cells right of its
// diagonal take its values about in increasing order (G₋₁ at V = 200: the
// word of a cell's value differs from the one before in 3% of the cells),
// and their values lie in words 0, 1 and 2 alike, so a loop that always
// began at word 0 looked at 1.1 words a cell before the mex's. A cell that
// fills the row's word (ZERO) goes on at dispatch, which picks the loop
// again; so do a cell above V and a column that fills.
//
// The row's words are kept inverted so that one ANDN of a column's word
// gives the values missing from both (an OR and a NOT before), and the
// span is checked once a row and word, not at every cell. The mex is the
// lowest set bit of those missing values: BLSI isolates it, one OR adds it
// to the column's word and one XOR takes it from the row's, whose zero
// flag says the row's word is now full. ANDN, BLSI and BLSR need BMI1,
// which every amd64 processor the kernel runs on has (assemblyKernel).
// The lowest set bit is found with TZCNT, never of a zero word, and
// TZCNT's carry (a zero source) ends the walk of the live columns. On a
// Zen 3 VM (AMD EPYC family 25 model 1) TZCNT took 0.90× the time of BSF
// (compute -workers 1, n = 3·10⁶, V = 200, 6 pairs), and the four loops
// 0.96× the CPU of one (the same command, 8 pairs; docs/measurements.md,
// 2026-11-29 and 2026-12-02).

// WORD is the path of word w of the sets in loop LOOP: OFF = 8w is its
// offset in a set, BASE = 64w its first value, ROW the register of the
// row's word (inverted), THIS, HIT, KEEP and ZERO its labels, NEXT the
// path it goes on to when the word holds no missing value. It finds the
// mex m in the word (R14: the values missing from row and column, less the
// pass's excluded value, MISSING), drops it if it is x ^ y (EXCLUDE), and
// unless m is above V adds it to the
// column (R13, noting a column that fills) and to the row, writes the
// cell's byte and goes on with the next live column in LOOP, or at
// dispatch if the row's word is now full.
#define WORD(OFF, BASE, ROW, THIS, HIT, KEEP, ZERO, NEXT, LOOP) \
THIS:	MOVQ OFF(SI)(R12*1), R13; \
	ANDNQ ROW, R13, R14; \
	MISSING(OFF, BASE); \
	JZ   NEXT; \
	TZCNTQ R14, AX; \
	ADDQ $BASE, AX; \
	EXCLUDE(HIT); \
KEEP:	CMPQ AX, clen-32(SP); \
	JGE  above; \
	BLSIQ R14, R14; \
	ORQ  R14, R13; \
	MOVQ R13, OFF(SI)(R12*1); \
	XORQ R14, ROW; \
	JZ   ZERO; \
	CMPQ R13, OFF(R15); \
	JEQ  columnFull; \
	LEAQ 1(AX), R14; \
	MOVB R14, (DI)(CX*1); \
	DECQ DX; \
	JNZ  LOOP; \
	JMP  rowDone; \
ZERO:	CMPQ R13, OFF(R15); \
	JEQ  columnFull; \
	JMP  storeDispatch; \
HIT:	BLSRQ R14, R14; \
	JZ   NEXT; \
	TZCNTQ R14, AX; \
	ADDQ $BASE, AX; \
	JMP  KEEP

// CELL takes the next live column j (CX) and its set's offset (R12), or
// ends the row's walk of the word (rowDone) when none is left.
#define CELL \
	TZCNTQ BX, CX; \
	JCS  rowDone; \
	BLSRQ BX, BX; \
	MOVQ CX, R12; \
	SHLQ $5, R12

// The body of the three functions is kernel4_body_amd64.h; they differ in
// EXCLUDE, the look at the excluded value of the mex m just found (a jump
// to HIT when they are equal): x ^ y, none, or the passless table's cell;
// and in EXCLROW, which puts what EXCLUDE reads of a row (x for x ^ y) in
// x-16(SP). Rules without an excluded value (every built-in rook table
// but G_P) run the loop without it: five instructions
// and two loads fewer a cell (on the Zen 3 VM, compute -table gneg1
// -workers 1, n = 3·10⁶, V = 200: 0.95× the CPU, 8 pairs, 0.87–0.99). The
// look needs a register the loop has not got: R14 waits in the frame.
// MISSING(OFF, BASE) takes the excluded value out of the missing values
// of word OFF/8 (R14) and sets the zero flag by them: nothing here (the
// loops without an excluded value, and x ^ y's, compared in EXCLUDE).
#define MISSING(OFF, BASE)

#define EXCLROW \
	MOVQ tileWalk_xStep(R14), AX; \
	IMULQ CX, AX; \
	ADDQ tileWalk_x0(R14), AX; \
	MOVQ AX, x-16(SP)

#define EXCLUDE(HIT) \
	MOVQ R14, miss-88(SP); \
	MOVQ y0-24(SP), R14; \
	ADDQ CX, R14; \
	XORQ x-16(SP), R14; \
	CMPQ AX, R14; \
	MOVQ miss-88(SP), R14; \
	JEQ  HIT

// func fillTile4WordAsm(t *tileWalk)
TEXT ·fillTile4WordAsm(SB), NOSPLIT, $88-8
#include "kernel4_body_amd64.h"

#undef EXCLUDE
#define EXCLUDE(HIT)

// func fillTile4WordPlainAsm(t *tileWalk)
TEXT ·fillTile4WordPlainAsm(SB), NOSPLIT, $88-8
#include "kernel4_body_amd64.h"

// With the pass (tileWalk.excl), the value column j excludes is byte j of
// the row's excluded bytes less its diagonal's column d, less one (0:
// none): EXCLROW keeps the address of those bytes less d in x-16(SP), as
// DI is the row's right part less d. The excluded value is taken out of
// the word's missing values before the mex is looked for (MISSING, in the
// path of every word: t = e − BASE, and the bit 1 << t cleared when t is
// in the word, made without a branch by SBB, AND and SHLX, which needs
// BMI2), rather than compared with the mex found (EXCLUDE): the mex of
// G₋₁ with the pass is its excluded value in 12% of the cells, at no
// pattern the branch predictor learns, and the branch-free look took 0.8×
// the loop's samples (perf, V = 200, n = 10⁶, 2 runs each way). MISSING
// uses AX and R13, which the path loads again.
#undef EXCLROW
#define EXCLROW \
	MOVQ tileWalk_exclStride(R14), AX; \
	IMULQ CX, AX; \
	ADDQ tileWalk_exclAt(R14), AX; \
	ADDQ tileWalk_excl(R14), AX; \
	SUBQ tileWalk_diagonal(R14), AX; \
	SUBQ CX, AX; \
	MOVQ AX, x-16(SP)

#undef EXCLUDE
#define EXCLUDE(HIT)

#undef MISSING
#define MISSING(OFF, BASE) \
	MOVQ x-16(SP), AX; \
	MOVBQZX (AX)(CX*1), AX; \
	SUBQ $(BASE+1), AX; \
	CMPQ AX, $64; \
	SBBQ R13, R13; \
	ANDQ $1, R13; \
	SHLXQ AX, R13, R13; \
	ANDNQ R14, R13, R14; \
	MOVQ OFF(SI)(R12*1), R13

// func fillTile4WordPassAsm(t *tileWalk)
TEXT ·fillTile4WordPassAsm(SB), NOSPLIT, $88-8
#include "kernel4_body_amd64.h"
