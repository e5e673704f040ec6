#ifndef PEACH_PROGRAM_PAGES_H
#define PEACH_PROGRAM_PAGES_H

/// Advises every loaded segment of the executable (not its libraries) MADV_RANDOM: a page fault
/// then reads that page only. Runs by itself as the program loads, before any other constructor
/// of the program (priority 101), so that even the start-up's code comes in page by page; calling
/// it again changes nothing. Returns the number of segments advised.
int peach_program_pages_read_at_random(void);

/// Turns transparent huge pages off for this process and the programs it starts
/// (prctl PR_SET_THP_DISABLE, variadic in C and so not callable from Swift); 0 when done.
int peach_program_pages_no_huge_pages(void);

/// 1 when transparent huge pages are off for this process (PR_GET_THP_DISABLE), 0 when not.
int peach_program_pages_huge_pages_off(void);

#endif
