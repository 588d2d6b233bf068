#include "textflag.h"

// func rawVfork(trap, a1, a2, a3 uintptr) (r1, err uintptr)
//
// A clone whose child shares the caller's memory and stack
// (CLONE_VM|CLONE_VFORK): the return address is kept in a register across
// the system call, since the child's calls overwrite the stack slot that
// held it before the parent resumes (as the syscall package's
// rawVforkSyscall does).
TEXT ·rawVfork(SB),NOSPLIT|NOFRAME,$0-48
	MOVQ	a1+8(FP), DI
	MOVQ	a2+16(FP), SI
	MOVQ	a3+24(FP), DX
	MOVQ	$0, R10
	MOVQ	$0, R8
	MOVQ	$0, R9
	MOVQ	trap+0(FP), AX
	POPQ	R12
	SYSCALL
	PUSHQ	R12
	CMPQ	AX, $0xfffffffffffff001
	JLS	ok
	MOVQ	$-1, r1+32(FP)
	NEGQ	AX
	MOVQ	AX, err+40(FP)
	RET
ok:
	MOVQ	AX, r1+32(FP)
	MOVQ	$0, err+40(FP)
	RET
