// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Value types for the pipeline's tensors: a (batch, rows, cols) float tensor in row-major order,
// and per-batch tables of statistics.

#include <Eigen/Core>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace attn {

using MatrixRM = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// One row per batch element, e.g. row sums are batch by L.
using Table = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using IndexTable = Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// An allocator whose value-initialisation leaves floats uninitialised: a tensor that is about to be
// written in full is not zero-filled first (for 4096 x 4096 that saves a pass over 64 MB).
constexpr std::size_t kHugePage = std::size_t(2) << 20;
constexpr std::size_t kHugeThreshold = std::size_t(4) << 20;
// Large blocks, aligned to huge pages (and advised to use them on Linux), reused after they are freed.
void *allocateLarge(std::size_t bytes);
void freeLarge(void *p, std::size_t bytes);

template <typename T> struct DefaultInitAllocator : std::allocator<T>
{
    template <typename U> struct rebind
    {
        using other = DefaultInitAllocator<U>;
    };
    using std::allocator<T>::allocator;

    // Large tensors come from allocateLarge: huge pages where the system offers them, and blocks
    // of freed tensors reused, so recomputing at 4096 x 4096 does not fault in 64 MB again.
    static std::size_t rounded(std::size_t n) { return (n * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage; }
    // Small ones are aligned to 64 bytes too: the last bits of a softmax depend on where its row lies
    // modulo 64 bytes (softmax.h), and results must not change from one run to the next.
    T *allocate(std::size_t n)
    {
        if (n * sizeof(T) < kHugeThreshold)
            return static_cast<T *>(::operator new(n * sizeof(T), std::align_val_t(64)));
        return static_cast<T *>(allocateLarge(rounded(n)));
    }
    void deallocate(T *p, std::size_t n)
    {
        if (n * sizeof(T) < kHugeThreshold)
            ::operator delete(p, std::align_val_t(64));
        else
            freeLarge(p, rounded(n));
    }

    template <typename U> void construct(U *p) noexcept(std::is_nothrow_default_constructible<U>::value)
    {
        ::new (static_cast<void *>(p)) U;
    }
    template <typename U, typename... Args> void construct(U *p, Args &&...args)
    {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
    }
};

using FloatVector = std::vector<float, DefaultInitAllocator<float>>;

struct Tensor3
{
    int batch = 0;
    int rows = 0;
    int cols = 0;
    FloatVector data; // batch * rows * cols values, C order

    Tensor3() = default;
    // Uninitialised values: for tensors the caller writes in full.
    Tensor3(int b, int r, int c)
        : batch(b)
        , rows(r)
        , cols(c)
        , data(std::size_t(b) * std::size_t(r) * std::size_t(c))
    {
    }
    Tensor3(int b, int r, int c, float fill)
        : batch(b)
        , rows(r)
        , cols(c)
        , data(std::size_t(b) * std::size_t(r) * std::size_t(c), fill)
    {
    }

    bool empty() const { return data.empty(); }
    std::size_t sliceSize() const { return std::size_t(rows) * std::size_t(cols); }
    float operator()(int b, int i, int j) const { return data[b * sliceSize() + std::size_t(i) * cols + j]; }
    float &operator()(int b, int i, int j) { return data[b * sliceSize() + std::size_t(i) * cols + j]; }

    // Row i of batch element b: cols values.
    const float *row(int b, int i) const { return data.data() + b * sliceSize() + std::size_t(i) * cols; }
    float *row(int b, int i) { return data.data() + b * sliceSize() + std::size_t(i) * cols; }

    // Batch element b as a rows by cols matrix view.
    Eigen::Map<MatrixRM> slice(int b) { return { data.data() + b * sliceSize(), rows, cols }; }
    Eigen::Map<const MatrixRM> slice(int b) const { return { data.data() + b * sliceSize(), rows, cols }; }
};

} // namespace attn
