#define _GNU_SOURCE
#include <elf.h>
#include <link.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>
#include "PeachProgramPages.h"

int peach_program_pages_read_at_random(void) {
    const ElfW(Phdr) *headers = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    unsigned long count = getauxval(AT_PHNUM);
    if (!headers || !count) return 0;
    // Where the program was loaded: its program headers' address less the one it was linked for.
    unsigned long bias = 0;
    int found = 0;
    for (unsigned long i = 0; i < count; i++) {
        if (headers[i].p_type == PT_PHDR) { bias = (unsigned long)headers - headers[i].p_vaddr; found = 1; }
    }
    if (!found) return 0;
    unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);
    int advised = 0;
    for (unsigned long i = 0; i < count; i++) {
        if (headers[i].p_type != PT_LOAD || headers[i].p_memsz == 0) continue;
        unsigned long start = (bias + headers[i].p_vaddr) & ~(page - 1);
        unsigned long end = bias + headers[i].p_vaddr + headers[i].p_memsz;
        if (madvise((void *)start, end - start, MADV_RANDOM) == 0) advised++;
    }
    return advised;
}

int peach_program_pages_no_huge_pages(void) {
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}

int peach_program_pages_huge_pages_off(void) {
    return prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0) == 1;
}

/// Before the program's other constructors (Foundation's among them) and before `main`.
__attribute__((constructor(101))) static void read_program_pages_at_random(void) {
    (void)peach_program_pages_read_at_random();
}
