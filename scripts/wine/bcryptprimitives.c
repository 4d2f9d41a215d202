/*
 * A stand-in for Windows' bcryptprimitives.dll, for running Proxar's Windows binary under Wine 8
 * (Debian 12), which lacks that DLL. Bun's Windows runtime imports one function from it:
 * ProcessPrng, which fills a buffer with random bytes. This one asks BCryptGenRandom (Wine has
 * it) for the system's random bytes. Compiled by scripts/test_windows.ts; never shipped.
 */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
  while (size > 0) {
    ULONG chunk = size > 0x40000000 ? 0x40000000 : (ULONG)size;
    if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) return FALSE;
    data += chunk;
    size -= chunk;
  }
  return TRUE;
}
