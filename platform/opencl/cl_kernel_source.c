#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_kernel_source.h"
#include "util/error_internal.h"

/* Appends `text` to the growing buffer; 0 when out of memory. */
static int append(char **buffer, size_t *used, size_t *capacity, const char *text, size_t length)
{
    if (*used + length + 1 > *capacity) {
        size_t grown = (*capacity + length + 1) * 2;
        char *larger = realloc(*buffer, grown);
        if (larger == NULL)
            return 0;
        *buffer = larger;
        *capacity = grown;
    }
    memcpy(*buffer + *used, text, length);
    *used += length;
    (*buffer)[*used] = '\0';
    return 1;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_kernel_file(const char *name)
{
    size_t length = strlen(name);
    return length > 3 && strcmp(name + length - 3, ".cl") == 0 && name[0] != '.';
}

static ldpc_status append_file(const char *dir, const char *name, char **buffer, size_t *used,
                               size_t *capacity, ldpc_error *err)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        return ldpc_fail(err, LDPC_ERR_IO, "cannot open kernel file %s", path);
    char chunk[4096];
    size_t got;
    ldpc_status status = LDPC_OK;
    while ((got = fread(chunk, 1, sizeof chunk, file)) > 0)
        if (!append(buffer, used, capacity, chunk, got)) {
            status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "kernel file %s: out of memory", path);
            break;
        }
    if (status == LDPC_OK && ferror(file))
        status = ldpc_fail(err, LDPC_ERR_IO, "cannot read kernel file %s", path);
    fclose(file);
    return status;
}

static ldpc_status assemble_from_dir(const char *dir, char **buffer, size_t *used,
                                     size_t *capacity, ldpc_error *err)
{
    DIR *listing = opendir(dir);
    if (listing == NULL)
        return ldpc_fail(err, LDPC_ERR_IO, "cannot open kernel directory %s", dir);
    char *names[64];
    size_t count = 0;
    ldpc_status status = LDPC_OK;
    struct dirent *entry;
    while (status == LDPC_OK && (entry = readdir(listing)) != NULL) {
        if (!is_kernel_file(entry->d_name))
            continue;
        if (count == sizeof names / sizeof names[0])
            status = ldpc_fail(err, LDPC_ERR_LIMITS, "kernel directory %s: more than %zu files",
                               dir, sizeof names / sizeof names[0]);
        else if ((names[count] = strdup(entry->d_name)) == NULL)
            status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "kernel directory %s: out of memory", dir);
        else
            count++;
    }
    closedir(listing);
    if (status == LDPC_OK && count == 0)
        status = ldpc_fail(err, LDPC_ERR_IO, "kernel directory %s holds no .cl file", dir);
    qsort(names, count, sizeof names[0], compare_names);
    for (size_t i = 0; i < count; i++) {
        if (status == LDPC_OK)
            status = append_file(dir, names[i], buffer, used, capacity, err);
        free(names[i]);
    }
    return status;
}

ldpc_status cl_kernel_source_assemble(const char *dir, char **out, ldpc_error *err)
{
    char *buffer = NULL;
    size_t used = 0, capacity = 0;
    ldpc_status status = LDPC_OK;
    if (dir != NULL && dir[0] != '\0') {
        status = assemble_from_dir(dir, &buffer, &used, &capacity, err);
    } else {
        for (unsigned i = 0; i < cl_embedded_kernel_count && status == LDPC_OK; i++) {
            const char *text = cl_embedded_kernels[i].text;
            if (!append(&buffer, &used, &capacity, text, strlen(text)))
                status = ldpc_fail(err, LDPC_ERR_NO_MEMORY, "kernel source: out of memory");
        }
    }
    if (status != LDPC_OK) {
        free(buffer);
        return status;
    }
    *out = buffer;
    return LDPC_OK;
}
