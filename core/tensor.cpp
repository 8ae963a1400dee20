// SPDX-License-Identifier: GPL-3.0-or-later
#include "tensor.h"

#include <cstdlib>
#include <mutex>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace attn {

namespace {

// Freed large blocks kept for the next tensors of the same size: a result computed again and again
// while a slider moves then touches memory that is already mapped, instead of faulting in fresh
// pages (16384 page faults, or huge-page compaction, for 64 MB).
struct BlockCache
{
    static constexpr std::size_t maxBlocks = 4;
    static constexpr std::size_t maxBytes = std::size_t(384) << 20;
    std::mutex mutex;
    std::vector<std::pair<void *, std::size_t>> blocks;
    std::size_t bytes = 0;

    ~BlockCache()
    {
        for (auto &b : blocks)
            std::free(b.first);
    }
};

BlockCache &cache()
{
    static BlockCache c;
    return c;
}

} // namespace

void *allocateLarge(std::size_t bytes)
{
    {
        BlockCache &c = cache();
        std::lock_guard<std::mutex> lock(c.mutex);
        for (std::size_t i = 0; i < c.blocks.size(); ++i)
            if (c.blocks[i].second == bytes) {
                void *p = c.blocks[i].first;
                c.bytes -= bytes;
                c.blocks.erase(c.blocks.begin() + std::ptrdiff_t(i));
                return p;
            }
    }
    void *p = std::aligned_alloc(kHugePage, bytes);
    if (!p)
        throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE); // a hint: without huge pages the memory works as usual
#endif
    return p;
}

void freeLarge(void *p, std::size_t bytes)
{
    BlockCache &c = cache();
    {
        std::lock_guard<std::mutex> lock(c.mutex);
        if (bytes <= BlockCache::maxBytes) {
            // make room, oldest first
            while (!c.blocks.empty()
                && (c.blocks.size() >= BlockCache::maxBlocks || c.bytes + bytes > BlockCache::maxBytes)) {
                std::free(c.blocks.front().first);
                c.bytes -= c.blocks.front().second;
                c.blocks.erase(c.blocks.begin());
            }
            c.blocks.emplace_back(p, bytes);
            c.bytes += bytes;
            return;
        }
    }
    std::free(p);
}

} // namespace attn
