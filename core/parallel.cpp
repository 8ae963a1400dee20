// SPDX-License-Identifier: GPL-3.0-or-later
#include "parallel.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace attn {

int threadsForFreeCores(int cores, int runnableOthers)
{
    return std::clamp(cores - std::max(0, runnableOthers), 1, std::max(1, cores));
}

int runnableThreads(const std::string &loadavg)
{
    std::istringstream in(loadavg);
    double one = 0, five = 0, fifteen = 0;
    int running = -1, all = -1;
    char slash = 0;
    if (!(in >> one >> five >> fifteen >> running >> slash >> all) || slash != '/' || running < 0 || all < running)
        return -1;
    return running;
}

void fitThreadsToFreeCores(double work)
{
#ifdef _OPENMP
    static const bool chosen = std::getenv("OMP_DYNAMIC") != nullptr;
    // (OMP_NUM_THREADS, else the processors: the first call comes before any change)
    static const int cores = omp_get_max_threads();
    if (chosen || cores <= 1)
        return;
    if (work < kParallelWork) {
        omp_set_num_threads(1);
        return;
    }
    std::FILE *f = std::fopen("/proc/loadavg", "r");
    if (!f)
        return;
    char text[128] = {};
    const std::size_t n = std::fread(text, 1, sizeof text - 1, f);
    std::fclose(f);
    const int runnable = runnableThreads(std::string(text, n));
    if (runnable < 0)
        return;
    // (The calling thread is one of the runnable: the others are the rest.)
    omp_set_num_threads(threadsForFreeCores(cores, runnable - 1));
#endif
}

} // namespace attn
