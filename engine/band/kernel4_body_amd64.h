// The body of fillTile4WordAsm, fillTile4WordPlainAsm and
// fillTile4WordPassAsm (kernel4_amd64.s), which define EXCLROW and EXCLUDE
// before they include it.

	MOVQ t+0(FP), R14
	MOVQ tileWalk_y0(R14), AX
	MOVQ AX, y0-24(SP)
	MOVQ tileWalk_cellsLen(R14), AX
	MOVQ AX, clen-32(SP)
	MOVQ tileWalk_liveWord(R14), AX
	MOVQ AX, livep-48(SP)
	MOVQ tileWalk_sets(R14), SI
	MOVQ tileWalk_full(R14), R15
	MOVQ $0, i-8(SP)

// Row i, its diagonal d = diagonal + i: the walk ends at the first row with
// d beyond the word; a full row is skipped. With d in the word, the row
// starts at column d: its set is the column's, its count the set's size
// (full at V+1), and the columns before d are not its. It is
// skipped if no column of the word is live for it; else its set, cells and
// count are loaded for the per-cell loop.
row:
	MOVQ t+0(FP), R14
	MOVQ i-8(SP), CX
	CMPQ CX, tileWalk_rows(R14)
	JGE  end
	MOVQ tileWalk_diagonal(R14), R13
	ADDQ CX, R13
	CMPQ R13, $64
	JGE  end
	MOVQ tileWalk_done(R14), AX
	CMPB (AX)(CX*1), $0
	JNE  nextRow
	MOVQ CX, AX
	SHLQ $5, AX
	ADDQ tileWalk_rowSets(R14), AX
	MOVQ AX, rowp-56(SP)
	MOVQ tileWalk_mask(R14), BX
	TESTQ R13, R13
	JS   walk
	MOVQ R13, DX
	SHLQ $5, DX
	MOVQ 0(SI)(DX*1), R8
	MOVQ R8, 0(AX)
	POPCNTQ R8, R12
	MOVQ 8(SI)(DX*1), R8
	MOVQ R8, 8(AX)
	POPCNTQ R8, R8
	ADDQ R8, R12
	MOVQ 16(SI)(DX*1), R8
	MOVQ R8, 16(AX)
	POPCNTQ R8, R8
	ADDQ R8, R12
	MOVQ 24(SI)(DX*1), R8
	MOVQ R8, 24(AX)
	POPCNTQ R8, R8
	ADDQ R8, R12
	MOVQ tileWalk_cellN(R14), DX
	MOVL R12, (DX)(CX*4)
	CMPQ R12, clen-32(SP)
	JEQ  rowFull
	MOVQ R13, CX
	MOVQ $-1, DX
	SHLQ CX, DX
	ANDQ DX, BX
	MOVQ i-8(SP), CX

// The row's walk of the word: its columns span or more right of d (j ≥
// limit = d + span) are not walked, and are noted in beyond; if the row is
// not full when the walk ends and one of them is live, the cell it needs
// lies beyond the span (tooFar), and the sweep goes on two-sided. What
// EXCLUDE reads of the row (EXCLROW), the row's right part less d (DI), its set
// (inverted: a word ANDN a column word is then the values missing from
// both) and the cells it has still to take are loaded for the per-cell
// loop.
walk:
	MOVQ livep-48(SP), AX
	ANDQ (AX), BX
	JZ   nextRow
	MOVQ $0, beyond-80(SP)
	MOVQ tileWalk_diagonal(R14), AX
	ADDQ CX, AX
	ADDQ tileWalk_span(R14), AX
	CMPQ AX, $64
	JGE  inSpan
	TESTQ AX, AX
	JG   partSpan
	MOVQ BX, beyond-80(SP)
	XORQ BX, BX
	JMP  inSpan

partSpan:
	MOVQ CX, R12
	MOVQ AX, CX
	MOVQ $-1, R13
	SHLQ CX, R13
	MOVQ R13, AX
	ANDQ BX, AX
	MOVQ AX, beyond-80(SP)
	ANDNQ BX, R13, BX
	MOVQ R12, CX

inSpan:
	EXCLROW
	MOVQ tileWalk_firstRow(R14), AX
	ADDQ CX, AX
	ANDQ tileWalk_ringMask(R14), AX
	IMULQ tileWalk_rightStride(R14), AX
	ADDQ tileWalk_rights(R14), AX
	SUBQ tileWalk_diagonal(R14), AX
	SUBQ CX, AX
	MOVQ AX, DI
	MOVQ rowp-56(SP), AX
	MOVQ 0(AX), R8
	NOTQ R8
	MOVQ 8(AX), R9
	NOTQ R9
	MOVQ 16(AX), R10
	NOTQ R10
	MOVQ 24(AX), R11
	NOTQ R11
	MOVQ tileWalk_cellN(R14), AX
	MOVLQSX (AX)(CX*4), AX
	MOVQ AX, first-64(SP)
	MOVQ clen-32(SP), DX
	SUBQ AX, DX
	MOVQ $0, capped-72(SP)

// The walk goes on in the loop of the first word of the row's set that
// is not full: the words before it hold no value missing from the row.
// (Word 3 is never full: it holds the values above V too, inverted ones.)
dispatch:
	TESTQ R8, R8
	JNZ  next0
	TESTQ R9, R9
	JNZ  next1
	TESTQ R10, R10
	JNZ  next2
	JMP  next3

next0:
	CELL
	WORD(0, 0, R8, w00, h00, k00, z00, w01, next0)
	WORD(8, 64, R9, w01, h01, k01, z01, w02, next0)
	WORD(16, 128, R10, w02, h02, k02, z02, w03, next0)
	WORD(24, 192, R11, w03, h03, k03, z03, above, next0)

next1:
	CELL
	WORD(8, 64, R9, w11, h11, k11, z11, w12, next1)
	WORD(16, 128, R10, w12, h12, k12, z12, w13, next1)
	WORD(24, 192, R11, w13, h13, k13, z13, above, next1)

next2:
	CELL
	WORD(16, 128, R10, w22, h22, k22, z22, w23, next2)
	WORD(24, 192, R11, w23, h23, k23, z23, above, next2)

next3:
	CELL
	WORD(24, 192, R11, w33, h33, k33, z33, above, next3)

// The cell's mex is above V: it is V+1 and changes no set (the loop
// picked again is the same one).
above:
	INCQ capped-72(SP)
	JMP  dispatch

// A word of the column's set became full: if all four are, the column
// leaves the live columns.
columnFull:
	MOVQ 0(SI)(R12*1), R14
	CMPQ R14, 0(R15)
	JNE  storeDispatch
	MOVQ 8(SI)(R12*1), R14
	CMPQ R14, 8(R15)
	JNE  storeDispatch
	MOVQ 16(SI)(R12*1), R14
	CMPQ R14, 16(R15)
	JNE  storeDispatch
	MOVQ 24(SI)(R12*1), R14
	CMPQ R14, 24(R15)
	JNE  storeDispatch
	MOVQ livep-48(SP), R13
	MOVQ 0(R13), R14
	BTRQ CX, R14
	MOVQ R14, 0(R13)

// Byte j − d of the row's right part is m+1 (DI is the part's address less
// d; j < d + span). The row is full when no cell is left to take (DX);
// else the walk goes on in the loop of its first word not full.
storeDispatch:
	LEAQ 1(AX), R14
	MOVB R14, (DI)(CX*1)
	DECQ DX
	JNZ  dispatch

// The row's walk of the word is over: its set and count are stored, its
// visits counted, and it is marked done if full, or the sweep tooFar if it
// is not and needs a column beyond the span.
rowDone:
	NEGQ DX
	ADDQ clen-32(SP), DX
	MOVQ rowp-56(SP), AX
	NOTQ R8
	MOVQ R8, 0(AX)
	NOTQ R9
	MOVQ R9, 8(AX)
	NOTQ R10
	MOVQ R10, 16(AX)
	NOTQ R11
	MOVQ R11, 24(AX)
	MOVQ t+0(FP), R14
	MOVQ i-8(SP), CX
	MOVQ tileWalk_cellN(R14), AX
	MOVL DX, (AX)(CX*4)
	MOVQ DX, AX
	SUBQ first-64(SP), AX
	ADDQ capped-72(SP), AX
	ADDQ AX, tileWalk_visits(R14)
	CMPQ DX, clen-32(SP)
	JEQ  rowFull
	CMPQ beyond-80(SP), $0
	JEQ  nextRow
	MOVB $1, tileWalk_tooFar(R14)
	JMP  nextRow

rowFull:
	MOVQ tileWalk_done(R14), AX
	MOVB $1, (AX)(CX*1)
	INCQ tileWalk_finished(R14)

nextRow:
	INCQ i-8(SP)
	JMP  row

end:
	RET
