#ifndef PEACH_PROGRAM_PAGES_H
#define PEACH_PROGRAM_PAGES_H

/// Advises every loaded segment of the executable (not its libraries) MADV_RANDOM: a page fault
/// then reads that page only. Runs by itself as the program loads, before any other constructor
/// of the program (priority 101), so that even the start-up's code comes in page by page; calling
/// it again changes nothing. Returns the number of segments advised.
int peach_program_pages_read_at_random(void);

#endif
