// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The core's parallel work shares the machine with other programs. A parallel region waits for its slowest
// thread: on two cores with one other busy program, a second thread the system puts aside for that program holds
// the whole region up by its time slice (the core at 64 × 64, d_k = 512 took 10 ms beside `yes` instead of 0.17).
// So each computation takes as many threads as there are cores nobody else is running on now, at least one.

#include <string>

namespace attn {

// The threads for a computation: the cores (OpenMP's thread count as the process started: OMP_NUM_THREADS, else
// the processors) less the other programs' threads runnable now, from 1 to cores; all of them for work of
// kSharedCoreWork or more. (This program's own threads are
// not counted: OpenMP's workers spin a while after each parallel region, and counted they made an idle machine look
// busy.)
// work: the multiply-adds (or values) to do; from kSharedCoreWork on, every core even beside busy programs.
int threadsForFreeCores(int cores, int runnableOthers, double work = 0.0);

// The threads runnable now, system-wide, from /proc/loadavg's fourth field ("2/108": 2 runnable of 108), the
// reader itself among them; -1 when the text is not of that form.
int runnableThreads(const std::string &loadavg);

// Less than this much work (multiply-adds, or values) is done on one thread.
constexpr double kParallelWork = 4.0 * 1024 * 1024;

// From this much work on, a computation takes every core even when other programs are running: the share of a core
// it gets beside a busy program (half, its chunks handed out to whichever thread is free) then outweighs the time
// slice that core's thread may wait. Measured beside `yes` on two cores (Intel Xeon, Emerald Rapids, AVX-512): the
// core at 2048 x 2048, d_k = 64 (268 million) 8.3 ms on two threads against 10.7 on one; at 1448 (134 million) 6.6
// against 5.4, and at 1024 4.4 against 3.5.
constexpr double kSharedCoreWork = 200.0 * 1000 * 1000;

// A thread's state from its /proc/<pid>/task/<tid>/stat text: the letter after its name in parentheses ('R':
// running or runnable); 0 when the text is not of that form.
char taskState(const std::string &stat);

// Sets the calling thread's OpenMP thread count for the parallel work that follows (OpenMP's count is each
// thread's own), from /proc/loadavg now, OMP_NUM_THREADS at most. Nothing without OpenMP or /proc, or when the
// user has set OMP_DYNAMIC (their choice stands). Reads one small file: a few microseconds.
// work: the multiply-adds (or values) it will do; below about four million one thread does it faster than two
// (64 × 64, d_k = 512: 0.065 ms on one, 0.11 to 0.17 on two, waking the second costs more than it saves).
// Without work (not known): the free cores, as for work between the two limits.
void fitThreadsToFreeCores(double work = -1.0);

// Keeps freed memory of up to 64 MiB blocks in the process for the next result instead of giving it back to the
// system at once (glibc: mmap and trim thresholds): every result's tensors were fresh pages, each first touched
// through a page fault; on a virtual machine with costly faults (AMD EPYC under PVM) the core at 512/64 spent
// 5.1 ms instead of 0.5 there. For programs, once at their start; nothing without glibc.
void keepFreedMemoryForReuse();

} // namespace attn
