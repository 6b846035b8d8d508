// One shared-memory instruction per launch: thread t loads or stores W bytes at
// byte offset off[t] of a shared buffer (off[t] < 0: thread inactive). Reads
// benches/gpu/patterns.csv (name,op,width,a0..a31) and launches one kernel per
// row, in file order, so Nsight Compute's launch ID i is pattern row i.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define SMEM_BYTES (48 * 1024)

template <int W, bool ST>
__global__ void probe(const int* off, unsigned* out) {
  __shared__ __align__(16) unsigned char smem[SMEM_BYTES];
  int t = threadIdx.x;
  int o = off[t];
  unsigned x = 0, y = 0, z = 0, w = 0;
  if (o >= 0) {
    unsigned a = (unsigned)__cvta_generic_to_shared(smem + o);
    if (ST) {
      if (W == 4) asm volatile("st.shared.u32 [%0], %1;" ::"r"(a), "r"(t) : "memory");
      if (W == 8) asm volatile("st.shared.v2.u32 [%0], {%1,%2};" ::"r"(a), "r"(t), "r"(o) : "memory");
      if (W == 16)
        asm volatile("st.shared.v4.u32 [%0], {%1,%2,%3,%4};" ::"r"(a), "r"(t), "r"(o), "r"(t), "r"(o) : "memory");
    } else {
      if (W == 4) asm volatile("ld.shared.u32 %0, [%1];" : "=r"(x) : "r"(a) : "memory");
      if (W == 8) asm volatile("ld.shared.v2.u32 {%0,%1}, [%2];" : "=r"(x), "=r"(y) : "r"(a) : "memory");
      if (W == 16)
        asm volatile("ld.shared.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a) : "memory");
    }
  }
  out[t] = x ^ y ^ z ^ w;  // keeps the loads observable
}

template <bool ST>
static void launch(int width, const int* off, unsigned* out) {
  if (width == 4) probe<4, ST><<<1, 32>>>(off, out);
  else if (width == 8) probe<8, ST><<<1, 32>>>(off, out);
  else probe<16, ST><<<1, 32>>>(off, out);
}

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : "benches/gpu/patterns.csv";
  std::ifstream in(path);
  if (!in) { fprintf(stderr, "cannot read %s\n", path); return 1; }
  std::string line;
  std::getline(in, line);  // header
  int *d_off; unsigned* d_out;
  cudaMalloc(&d_off, 32 * sizeof(int));
  cudaMalloc(&d_out, 32 * sizeof(unsigned));
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::stringstream ss(line);
    std::string name, op, cell;
    std::getline(ss, name, ','); std::getline(ss, op, ',');
    std::getline(ss, cell, ','); int width = atoi(cell.c_str());
    int off[32];
    for (int t = 0; t < 32; ++t) {
      std::getline(ss, cell, ','); off[t] = atoi(cell.c_str());
      if (off[t] + width > SMEM_BYTES) { fprintf(stderr, "%s: offset %d too large\n", name.c_str(), off[t]); return 1; }
    }
    if (width != 4 && width != 8 && width != 16) { fprintf(stderr, "%s: width %d\n", name.c_str(), width); return 1; }
    cudaMemcpy(d_off, off, sizeof off, cudaMemcpyHostToDevice);
    if (op == "st") launch<true>(width, d_off, d_out); else launch<false>(width, d_off, d_out);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", name.c_str(), cudaGetErrorString(e)); return 1; }
    ++n;
  }
  printf("%d patterns launched\n", n);
  return 0;
}
