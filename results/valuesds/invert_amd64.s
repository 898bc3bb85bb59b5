//go:build amd64 && !purego

#include "textflag.h"

// func invertRowAVX2(columns *uint16, span int, row *byte, n int)
//
// invertRowGo's loop for row t, columns pointing at entry t: each byte of
// the row holding a value below span stored to its value's entry, 16
// bytes (placeRows entries) a value apart; a byte 0 gives DECL's 2³²−1,
// which the compare takes as at least span.
TEXT ·invertRowAVX2(SB), NOSPLIT, $0-32
	MOVQ  columns+0(FP), DI
	MOVQ  span+8(FP), R9
	MOVQ  row+16(FP), SI
	MOVQ  n+24(FP), R10
	XORQ  CX, CX                 // j
	TESTQ R10, R10
	JZ    done

cell:
	MOVBLZX (SI)(CX*1), AX
	DECL    AX                   // k
	CMPQ    AX, R9
	JAE     next
	SHLQ    $4, AX
	MOVW    CX, (DI)(AX*1)

next:
	INCQ CX
	CMPQ CX, R10
	JB   cell

done:
	RET

// func writeColumns16SSE2(offs *uint16, step int, columns *uint16, shifts *[8]uint16, span int)
//
// writeColumns16Go for a full group: value k's eight columns, 16 bytes,
// added to the rows' shifts (PADDW) and stored at offs + k·step.
TEXT ·writeColumns16SSE2(SB), NOSPLIT, $0-40
	MOVQ  offs+0(FP), DI
	MOVQ  step+8(FP), R8
	MOVQ  columns+16(FP), SI
	MOVQ  shifts+24(FP), BX
	MOVQ  span+32(FP), CX
	MOVOU 0(BX), X4

value:
	MOVOU 0(SI), X0
	PADDW X4, X0
	MOVOU X0, 0(DI)
	ADDQ  $16, SI
	ADDQ  R8, DI
	DECQ  CX
	JNZ   value
	RET

// func noColumnLeftAVX2(columns *uint16, n int) (ok bool)
//
// Whether none of the n entries (a positive multiple of 8) is noColumn:
// sixteen compared at a time, the matches gathered in Y2, the last eight
// by an XMM compare.
TEXT ·noColumnLeftAVX2(SB), NOSPLIT, $0-17
	MOVQ     columns+0(FP), DI
	MOVQ     n+8(FP), R8
	VPCMPEQW Y0, Y0, Y0          // noColumn in every lane
	VPXOR    Y2, Y2, Y2
	XORQ     CX, CX
	MOVQ     R8, R9
	ANDQ     $-16, R9            // the entries compared sixteen at a time
	JZ       eight

sixteen:
	VPCMPEQW (DI)(CX*2), Y0, Y1
	VPOR     Y1, Y2, Y2
	ADDQ     $16, CX
	CMPQ     CX, R9
	JB       sixteen

eight:
	CMPQ     CX, R8
	JAE      test
	VPCMPEQW (DI)(CX*2), X0, X1
	VPOR     Y1, Y2, Y2

test:
	VPTEST Y2, Y2
	SETEQ  ok+16(FP)
	VZEROUPPER
	RET
