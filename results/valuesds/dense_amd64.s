//go:build amd64 && !purego

#include "textflag.h"

// denseOrder puts the 16-bit pairs of cells a lane holds after the packs,
// pairs 0, 2, 4, 6, 1, 3, 5, 7, back in order 0 … 7, in each lane.
DATA denseOrder<>+0(SB)/8, $0x0b0a030209080100
DATA denseOrder<>+8(SB)/8, $0x0f0e07060d0c0504
DATA denseOrder<>+16(SB)/8, $0x0b0a030209080100
DATA denseOrder<>+24(SB)/8, $0x0f0e07060d0c0504
GLOBL denseOrder<>(SB), RODATA|NOPTR, $32

// func denseBytesAVX2(dst *byte, cells *uint64, n int) (top uint32)
//
// Thirty-two cells a round: four loads of four cells each take the low
// dwords (the values) of sixteen cells (VSHUFPS, within lanes), two
// unsigned packs make them words then bytes, and VPERMQ and VPSHUFB put
// the bytes, left lane-interleaved by the packs, in cell order. The packs
// saturate, but only a value above 254, which top reports (VPMAXUD of the
// values before any pack), makes a byte wrong.
TEXT ·denseBytesAVX2(SB), NOSPLIT, $0-28
	MOVQ dst+0(FP), DI
	MOVQ cells+8(FP), SI
	MOVQ n+16(FP), CX
	VPXOR Y8, Y8, Y8                 // the greatest value so far
	VPCMPEQB Y15, Y15, Y15           // −1 in every byte
	VMOVDQU denseOrder<>(SB), Y14

round:
	TESTQ CX, CX
	JZ    done
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VSHUFPS $0x88, Y1, Y0, Y4        // lanes: cells 0 1 4 5 | 2 3 6 7
	VSHUFPS $0x88, Y3, Y2, Y5        // 8 9 12 13 | 10 11 14 15
	VMOVDQU 128(SI), Y0
	VMOVDQU 160(SI), Y1
	VMOVDQU 192(SI), Y2
	VMOVDQU 224(SI), Y3
	VSHUFPS $0x88, Y1, Y0, Y6        // 16 17 20 21 | 18 19 22 23
	VSHUFPS $0x88, Y3, Y2, Y7        // 24 25 28 29 | 26 27 30 31
	VPMAXUD Y4, Y8, Y8
	VPMAXUD Y5, Y8, Y8
	VPMAXUD Y6, Y8, Y8
	VPMAXUD Y7, Y8, Y8
	VPACKUSDW Y5, Y4, Y4             // 0 1 4 5 8 9 12 13 | 2 3 6 7 10 11 14 15
	VPACKUSDW Y7, Y6, Y6             // 16 … 29 | 18 … 31
	VPACKUSWB Y6, Y4, Y4             // pairs 0 2 4 6 8 10 12 14 | 1 3 5 … 15
	VPERMQ $0xD8, Y4, Y4             // pairs 0 2 4 6 1 3 5 7 | 8 10 12 14 9 11 13 15
	VPSHUFB Y14, Y4, Y4              // cells 0 … 31
	VPSUBB Y15, Y4, Y4               // value + 1
	VMOVDQU Y4, 0(DI)
	ADDQ  $256, SI
	ADDQ  $32, DI
	SUBQ  $32, CX
	JMP   round

done:
	VEXTRACTI128 $1, Y8, X9
	VPMAXUD X9, X8, X8
	VPSHUFD $0x4E, X8, X9
	VPMAXUD X9, X8, X8
	VPSHUFD $0xB1, X8, X9
	VPMAXUD X9, X8, X8
	VMOVD X8, AX
	MOVL  AX, top+24(FP)
	VZEROUPPER
	RET
