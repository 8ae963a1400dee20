// SPDX-License-Identifier: GPL-3.0-or-later
#include "parallel.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <dirent.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#ifdef _OPENMP
#include <omp.h>
#endif

namespace attn {

int threadsForFreeCores(int cores, int runnableOthers, double work)
{
    if (work >= kSharedCoreWork)
        return std::max(1, cores);
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

char taskState(const std::string &stat)
{
    // "1234 (name with (parens)) R 1 ...": the state follows the last ')'.
    const std::size_t close = stat.rfind(')');
    if (close == std::string::npos || close + 2 >= stat.size() || stat[close + 1] != ' ')
        return 0;
    const char state = stat[close + 2];
    return (state >= 'A' && state <= 'Z') || (state >= 'a' && state <= 'z') ? state : '\0';
}

namespace {

// This process's threads that are running or runnable now (the caller among them); -1 without /proc.
int ownRunnableThreads()
{
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks)
        return -1;
    int running = 0;
    while (const dirent *e = readdir(tasks)) {
        if (e->d_name[0] == '.')
            continue;
        const std::string path = std::string("/proc/self/task/") + e->d_name + "/stat";
        std::FILE *f = std::fopen(path.c_str(), "r");
        if (!f)
            continue;
        char text[512] = {};
        const std::size_t n = std::fread(text, 1, sizeof text - 1, f);
        std::fclose(f);
        running += taskState(std::string(text, n)) == 'R' ? 1 : 0;
    }
    closedir(tasks);
    return running;
}

} // namespace

void fitThreadsToFreeCores(double work)
{
#ifdef _OPENMP
    static const bool chosen = std::getenv("OMP_DYNAMIC") != nullptr;
    // (OMP_NUM_THREADS, else the processors: the first call comes before any change)
    static const int cores = omp_get_max_threads();
    if (chosen || cores <= 1)
        return;
    if (work >= 0.0 && work < kParallelWork) {
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
    // (The calling thread and this program's spinning workers are among the runnable: the others are the rest.)
    const int own = ownRunnableThreads();
    omp_set_num_threads(threadsForFreeCores(cores, runnable - std::max(1, own), work));
#endif
}

void keepFreedMemoryForReuse()
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

} // namespace attn
