//go:build amd64 && !purego

#include "textflag.h"

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
	VMOVDQU (R8), X0
	VINSERTI128 $1, (R9), Y0, Y0
	ADDQ BX, R8
	ADDQ BX, R9
	VMOVDQU (R8), X1
	VINSERTI128 $1, (R9), Y1, Y1
	ADDQ BX, R8
	ADDQ BX, R9
	VMOVDQU (R8), X2
	VINSERTI128 $1, (R9), Y2, Y2
	ADDQ BX, R8
	ADDQ BX, R9
	VMOVDQU (R8), X3
	VINSERTI128 $1, (R9), Y3, Y3
	ADDQ BX, R8
	ADDQ BX, R9
	VMOVDQU (R8), X4
	VINSERTI128 $1, (R9), Y4, Y4
	ADDQ BX, R8
	ADDQ BX, R9
	VMOVDQU (R8), X5
	VINSERTI128 $1, (R9), Y5, Y5
	ADDQ BX, R8
	ADDQ BX, R9
	VMOVDQU (R8), X6
	VINSERTI128 $1, (R9), Y6, Y6
	ADDQ BX, R8
	ADDQ BX, R9
	VMOVDQU (R8), X7
	VINSERTI128 $1, (R9), Y7, Y7
	// Bytes, words, dwords: within each lane, rows r and r^1, r^2, r^4.
	VPUNPCKLBW Y1, Y0, Y8
	VPUNPCKHBW Y1, Y0, Y0
	VPUNPCKLBW Y3, Y2, Y1
	VPUNPCKHBW Y3, Y2, Y2
	VPUNPCKLBW Y5, Y4, Y3
	VPUNPCKHBW Y5, Y4, Y4
	VPUNPCKLBW Y7, Y6, Y5
	VPUNPCKHBW Y7, Y6, Y6
	VPUNPCKLWD Y1, Y8, Y7
	VPUNPCKHWD Y1, Y8, Y8
	VPUNPCKLWD Y2, Y0, Y1
	VPUNPCKHWD Y2, Y0, Y0
	VPUNPCKLWD Y5, Y3, Y2
	VPUNPCKHWD Y5, Y3, Y3
	VPUNPCKLWD Y6, Y4, Y5
	VPUNPCKHWD Y6, Y4, Y4
	VPUNPCKLDQ Y2, Y7, Y6
	VPUNPCKHDQ Y2, Y7, Y7
	VPUNPCKLDQ Y3, Y8, Y2
	VPUNPCKHDQ Y3, Y8, Y8
	VPUNPCKLDQ Y5, Y1, Y3
	VPUNPCKHDQ Y5, Y1, Y1
	VPUNPCKLDQ Y4, Y0, Y5
	VPUNPCKHDQ Y4, Y0, Y0
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
	// Output row c, column y0+c of the 16 rows, to DI + c·DX.
	MOVQ DI, R8
	VMOVDQU X6, (R8)
	ADDQ DX, R8
	VEXTRACTI128 $1, Y6, (R8)
	ADDQ DX, R8
	VMOVDQU X7, (R8)
	ADDQ DX, R8
	VEXTRACTI128 $1, Y7, (R8)
	ADDQ DX, R8
	VMOVDQU X2, (R8)
	ADDQ DX, R8
	VEXTRACTI128 $1, Y2, (R8)
	ADDQ DX, R8
	VMOVDQU X8, (R8)
	ADDQ DX, R8
	VEXTRACTI128 $1, Y8, (R8)
	ADDQ DX, R8
	VMOVDQU X3, (R8)
	ADDQ DX, R8
	VEXTRACTI128 $1, Y3, (R8)
	ADDQ DX, R8
	VMOVDQU X1, (R8)
	ADDQ DX, R8
	VEXTRACTI128 $1, Y1, (R8)
	ADDQ DX, R8
	VMOVDQU X5, (R8)
	ADDQ DX, R8
	VEXTRACTI128 $1, Y5, (R8)
	ADDQ DX, R8
	VMOVDQU X0, (R8)
	ADDQ DX, R8
	VEXTRACTI128 $1, Y0, (R8)
	LEAQ (SI)(BX*8), SI
	LEAQ (SI)(BX*8), SI
	ADDQ $16, DI
	DECQ CX
	JNZ  group
	VZEROUPPER

done:
	RET
