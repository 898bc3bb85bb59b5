//go:build amd64 && !purego

#include "textflag.h"

// func widenOffsetsAVX2(dst *int64, base int64, offs *uint16, n int)
TEXT ·widenOffsetsAVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         base+8(FP), AX
	MOVQ         offs+16(FP), SI
	MOVQ         n+24(FP), CX
	MOVQ         AX, X1
	VPBROADCASTQ X1, Y1

four:
	VPMOVZXWQ 0(SI), Y0
	VPADDQ    Y1, Y0, Y0
	VMOVDQU   Y0, 0(DI)
	ADDQ      $8, SI
	ADDQ      $32, DI
	SUBQ      $4, CX
	JNZ       four
	VZEROUPPER
	RET
