// The body of fillTile4WordAsm and fillTile4WordPlainAsm
// (kernel4_amd64.s), which define EXCLUDE before they include it.

	MOVQ t+0(FP), R14
	MOVQ tileWalk_y0(R14), AX
	MOVQ AX, y0-24(SP)
	MOVQ tileWalk_cellsLen(R14), AX
	MOVQ AX, clen-32(SP)
	MOVQ tileWalk_packedBase(R14), AX
	MOVQ AX, pbase-40(SP)
	MOVQ tileWalk_liveWord(R14), AX
	MOVQ AX, livep-48(SP)
	MOVQ tileWalk_lists(R14), AX
	MOVQ AX, lists-104(SP)
	MOVQ tileWalk_listN(R14), AX
	MOVQ AX, listn-112(SP)
	MOVQ tileWalk_listCap(R14), AX
	MOVQ AX, lcap-96(SP)
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

walk:
	MOVQ livep-48(SP), AX
	ANDQ (AX), BX
	JZ   nextRow
	MOVQ tileWalk_xStep(R14), AX
	IMULQ CX, AX
	ADDQ tileWalk_x0(R14), AX
	MOVQ AX, x-16(SP)
	MOVQ tileWalk_diagonal(R14), AX
	ADDQ CX, AX
	ADDQ tileWalk_span(R14), AX
	MOVQ AX, limit-80(SP)
	MOVQ CX, AX
	SHLQ $32, AX
	ADDQ tileWalk_rowPacked(R14), AX
	MOVQ AX, lcell-120(SP)
	MOVQ rowp-56(SP), AX
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ tileWalk_cellStride(R14), DI
	IMULQ CX, DI
	SHLQ $3, DI
	ADDQ tileWalk_cells(R14), DI
	MOVQ tileWalk_cellN(R14), AX
	MOVLQSX (AX)(CX*4), DX
	MOVQ DX, first-64(SP)
	MOVQ $0, capped-72(SP)

next:
	TESTQ BX, BX
	JZ   rowDone
	TZCNTQ BX, CX
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
	INCQ capped-72(SP)
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
	MOVQ livep-48(SP), R13
	MOVQ 0(R13), R14
	BTRQ CX, R14
	MOVQ R14, 0(R13)

// cells[n] = packedBase + j<<32 | m, and unless it lies span or more
// right of the row's diagonal d (tooFar: j ≥ limit = d + span, where j − d
// is never negative), the cell goes to column j's list:
// lists[j·listCap + listN[j]] = rowPacked + i<<32 | m, listN[j]++. The row
// is full at n = V+1.
store:
	MOVQ CX, R14
	SHLQ $32, R14
	ADDQ pbase-40(SP), R14
	ORQ  AX, R14
	MOVQ R14, (DI)(DX*8)
	CMPQ CX, limit-80(SP)
	JGE  tooFar
	MOVQ lcell-120(SP), R14
	ORQ  AX, R14
	MOVQ listn-112(SP), R13
	MOVLQSX (R13)(CX*4), AX
	INCL (R13)(CX*4)
	MOVQ CX, R13
	IMULQ lcap-96(SP), R13
	ADDQ R13, AX
	MOVQ lists-104(SP), R13
	MOVQ R14, (R13)(AX*8)

noted:
	INCQ DX
	CMPQ DX, clen-32(SP)
	JLT  next

// The row's walk of the word is over: its set and count are stored, its
// visits counted, and it is marked done if full.
rowDone:
	MOVQ rowp-56(SP), AX
	MOVQ R8, 0(AX)
	MOVQ R9, 8(AX)
	MOVQ R10, 16(AX)
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
	JNE  nextRow

rowFull:
	MOVQ tileWalk_done(R14), AX
	MOVB $1, (AX)(CX*1)
	INCQ tileWalk_finished(R14)

nextRow:
	INCQ i-8(SP)
	JMP  row

end:
	RET

// A cell too far right of its row's diagonal for the lists: the sweep
// will go on two-sided, and the walk goes on.
tooFar:
	MOVQ t+0(FP), R14
	MOVB $1, tileWalk_tooFar(R14)
	JMP  noted
