/* A stand-in for Windows 10's system icuuc.dll, for Wine test prefixes only (never shipped: every Windows
   10/11 has the real one, and Wine has none). PySide6 6.7+'s Qt6Core.dll imports these converter functions
   for legacy text codecs; here no converter exists, so each call reports failure and Qt falls back to its
   own UTF-8/UTF-16/Latin-1 codecs. */
#include <stddef.h>
#include <stdint.h>

typedef int32_t UErrorCode;
typedef uint16_t UChar;
typedef int8_t UBool;
typedef struct Converter Converter;

enum { U_ILLEGAL_ARGUMENT_ERROR = 1, U_FILE_ACCESS_ERROR = 4 };
#define EXPORT __declspec(dllexport)

static void fail(UErrorCode *status, UErrorCode code) { if (status) *status = code; }

EXPORT Converter *ucnv_open(const char *name, UErrorCode *status) {
    (void)name; fail(status, U_FILE_ACCESS_ERROR); return NULL;
}
EXPORT void ucnv_close(Converter *c) { (void)c; }
EXPORT void ucnv_reset(Converter *c) { (void)c; }
EXPORT int8_t ucnv_getMaxCharSize(const Converter *c) { (void)c; return 1; }
EXPORT const char *ucnv_getName(const Converter *c, UErrorCode *status) {
    (void)c; fail(status, U_ILLEGAL_ARGUMENT_ERROR); return "";
}
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *status) {
    (void)name; (void)standard; fail(status, U_ILLEGAL_ARGUMENT_ERROR); return NULL;
}
EXPORT int32_t ucnv_countAvailable(void) { return 0; }
EXPORT const char *ucnv_getAvailableName(int32_t n) { (void)n; return NULL; }
EXPORT int32_t ucnv_toUCountPending(const Converter *c, UErrorCode *status) { (void)c; (void)status; return 0; }
EXPORT int32_t ucnv_fromUCountPending(const Converter *c, UErrorCode *status) { (void)c; (void)status; return 0; }
EXPORT void ucnv_getToUCallBack(const Converter *c, void **action, const void **context) {
    (void)c; if (action) *action = NULL; if (context) *context = NULL;
}
EXPORT void ucnv_getFromUCallBack(const Converter *c, void **action, const void **context) {
    (void)c; if (action) *action = NULL; if (context) *context = NULL;
}
EXPORT void ucnv_setToUCallBack(Converter *c, void *action, const void *context, void **old_action,
                                const void **old_context, UErrorCode *status) {
    (void)c; (void)action; (void)context; (void)old_action; (void)old_context; fail(status, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void ucnv_setFromUCallBack(Converter *c, void *action, const void *context, void **old_action,
                                  const void **old_context, UErrorCode *status) {
    (void)c; (void)action; (void)context; (void)old_action; (void)old_context; fail(status, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void ucnv_cbToUWriteUChars(void *args, const UChar *source, int32_t length, int32_t offset,
                                  UErrorCode *status) {
    (void)args; (void)source; (void)length; (void)offset; fail(status, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void ucnv_cbFromUWriteUChars(void *args, const UChar **source, const UChar *end, int32_t offset,
                                    UErrorCode *status) {
    (void)args; (void)source; (void)end; (void)offset; fail(status, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void ucnv_toUnicode(Converter *c, UChar **target, const UChar *target_end, const char **source,
                           const char *source_end, int32_t *offsets, UBool flush, UErrorCode *status) {
    (void)c; (void)target; (void)target_end; (void)source; (void)source_end; (void)offsets; (void)flush;
    fail(status, U_ILLEGAL_ARGUMENT_ERROR);
}
EXPORT void ucnv_fromUnicode(Converter *c, char **target, const char *target_end, const UChar **source,
                             const UChar *source_end, int32_t *offsets, UBool flush, UErrorCode *status) {
    (void)c; (void)target; (void)target_end; (void)source; (void)source_end; (void)offsets; (void)flush;
    fail(status, U_ILLEGAL_ARGUMENT_ERROR);
}
/* the callbacks Qt passes by address; never called, since no converter opens */
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(void) {}
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(void) {}
