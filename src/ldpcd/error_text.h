/* The daemon's one error convention: a function that fails writes a sentence
 * saying why into the caller's `error` buffer (cut to `error_size`) and
 * returns -1; 0 is success. */
#ifndef LDPCD_ERROR_TEXT_H
#define LDPCD_ERROR_TEXT_H

#include <stddef.h>

#include "log.h"

/* Formats the sentence into error and returns -1. */
int ldpcd_fail(char *error, size_t error_size, const char *format, ...) LDPCD_PRINTF(3, 4);

#endif
