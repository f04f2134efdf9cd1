/* A stand-in for Windows 10's system bcryptprimitives.dll, for Wine test prefixes only (never shipped: every
   Windows 10/11 has the real one, and Wine 8 has none). Rust's standard library (1.78+) takes its random bytes
   from this DLL's ProcessPrng, so pydantic-core, the compiled core of the HTTP server's pydantic, cannot load
   without it. Here the bytes come from Wine's own system generator, as BCryptGenRandom gives them. */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    /* BCryptGenRandom takes at most a ULONG at a time; the real ProcessPrng takes any size and never fails */
    while (len > 0) {
        ULONG part = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, part, BCRYPT_USE_SYSTEM_PREFERRED_RNG))) return FALSE;
        data += part;
        len -= part;
    }
    return TRUE;
}
