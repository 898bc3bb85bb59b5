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

// func packBitsBMI2(out *byte, mini *[32]int64, base int64, width int)
//
// packBitsGo's loop: acc gathers the values' bits from filled on (SHLX),
// and a full word is stored and followed by the bits of its last value
// that did not fit: v >> (width − filled), taken as v >> 1 >> (width − 1 −
// filled) so that the count stays below 64 (SHRX takes it mod 64) when
// none are left over.
TEXT ·packBitsBMI2(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ mini+8(FP), SI
	MOVQ base+16(FP), R8
	MOVQ width+24(FP), R9
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
