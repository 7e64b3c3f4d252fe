/* ldpc._ldpc: the library's codes, encoder and decoders for Python, over any
 * object with the buffer protocol (numpy arrays). The package (ldpc/__init__.py)
 * shapes and allocates; this module checks sizes and formats, then hands the
 * buffers' memory to the library as it is: a frame's values are never copied
 * on the way in, and the decoder runs without the GIL. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stddef.h>
#include <stdlib.h>

#include "ldpc/ldpc.h"

static PyObject *ldpc_error_type;

static PyObject *raise_ldpc(ldpc_status status, const ldpc_error *err)
{
    PyErr_Format(ldpc_error_type, "%s: %s", ldpc_status_name(status), err->message);
    return NULL;
}

/* The struct-module code of a one-item format: numpy names a 32-bit
 * unsigned integer 'I', or 'L' where long is 32 bits wide (armhf, i386). */
static char item_code(const char *format)
{
    if (format[0] == '\0' || format[1] != '\0')
        return '?';
    if (format[0] == 'L' && sizeof(unsigned long) == sizeof(unsigned int))
        return 'I';
    return format[0];
}

/* A C-contiguous buffer of `count` items of `format` ("B", "b", "f" or "I"),
 * writable if asked; 0 with a Python error set otherwise. */
static int take_buffer(PyObject *object, Py_buffer *view, const char *format, Py_ssize_t count,
                       int writable, const char *what)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(object, view, flags) != 0)
        return 0;
    const char *have = view->format != NULL ? view->format : "B";
    if (have[0] == '<' || have[0] == '=' || have[0] == '@')
        have++;
    if (item_code(have) != format[0] || view->len != count * view->itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items of format '%s', got %zd bytes of '%s'",
                     what, count, format, view->len, have);
        PyBuffer_Release(view);
        return 0;
    }
    return 1;
}

/* ---- Code ------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD ldpc_code *code;
} CodeObject;

static int code_init(PyObject *object, PyObject *args, PyObject *kwargs)
{
    CodeObject *self = (CodeObject *)object;
    static char *keywords[] = {"name", NULL};
    const char *name;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s", keywords, &name))
        return -1;
    ldpc_error err;
    ldpc_code *code = NULL;
    ldpc_status status = ldpc_code_create(name, &code, &err);
    if (status != LDPC_OK) {
        raise_ldpc(status, &err);
        return -1;
    }
    ldpc_code_destroy(self->code);
    self->code = code;
    return 0;
}

static void code_dealloc(PyObject *object)
{
    CodeObject *self = (CodeObject *)object;
    ldpc_code_destroy(self->code);
    Py_TYPE(object)->tp_free(object);
}

/* 1 if the object holds a code (Code.__init__ succeeded), else a Python error. */
static int has_code(const CodeObject *self)
{
    if (self->code != NULL)
        return 1;
    PyErr_SetString(PyExc_ValueError, "the code was not created");
    return 0;
}

static PyObject *code_get(PyObject *object, void *which)
{
    CodeObject *self = (CodeObject *)object;
    const ldpc_code *c = self->code;
    if (!has_code(self))
        return NULL;
    switch ((intptr_t)which) {
    case 0: return PyUnicode_FromString(ldpc_code_name(c));
    case 1: return PyLong_FromUnsignedLong(ldpc_code_transmitted_n(c));
    case 2: return PyLong_FromUnsignedLong(ldpc_code_k(c));
    case 3: return PyLong_FromUnsignedLong(ldpc_code_n(c));
    case 4: return PyLong_FromUnsignedLong(ldpc_code_m(c));
    default: return PyLong_FromUnsignedLong(ldpc_code_edges(c));
    }
}

static PyGetSetDef code_getset[] = {
    {"name", code_get, NULL, "the code's name", (void *)0},
    {"n", code_get, NULL, "bits a frame transmits (soft values per frame)", (void *)1},
    {"k", code_get, NULL, "information bits per frame", (void *)2},
    {"codeword_n", code_get, NULL, "bits of the whole codeword (decided bits per frame)",
     (void *)3},
    {"m", code_get, NULL, "parity checks", (void *)4},
    {"edges", code_get, NULL, "edges of the Tanner graph", (void *)5},
    {NULL, NULL, NULL, NULL, NULL},
};

/* encode_into(info, sent, frames): k bits (bytes of 0/1) per frame in,
 * n transmitted bits per frame out. */
static PyObject *code_encode_into(PyObject *object, PyObject *args)
{
    CodeObject *self = (CodeObject *)object;
    PyObject *info_object, *sent_object;
    Py_ssize_t frames;
    if (!PyArg_ParseTuple(args, "OOn", &info_object, &sent_object, &frames) || !has_code(self))
        return NULL;
    const ldpc_code *c = self->code;
    size_t k = ldpc_code_k(c), n = ldpc_code_transmitted_n(c), word = ldpc_code_n(c);
    Py_buffer info, sent;
    if (!take_buffer(info_object, &info, "B", frames * (Py_ssize_t)k, 0, "info"))
        return NULL;
    if (!take_buffer(sent_object, &sent, "B", frames * (Py_ssize_t)n, 1, "sent")) {
        PyBuffer_Release(&info);
        return NULL;
    }
    uint8_t *codeword = malloc(word);
    ldpc_status status = codeword != NULL ? LDPC_OK : LDPC_ERR_NO_MEMORY;
    ldpc_error err = {"out of memory"};
    for (Py_ssize_t f = 0; f < frames && status == LDPC_OK; f++) {
        status = ldpc_encode(c, (const uint8_t *)info.buf + f * k, codeword, &err);
        if (status == LDPC_OK)
            ldpc_code_transmit(c, codeword, (uint8_t *)sent.buf + f * n);
    }
    free(codeword);
    PyBuffer_Release(&info);
    PyBuffer_Release(&sent);
    if (status != LDPC_OK)
        return raise_ldpc(status, &err);
    Py_RETURN_NONE;
}

/* extract_info_into(codewords, info, frames): codeword_n decided bits per
 * frame in, k information bits per frame out. */
static PyObject *code_extract_info_into(PyObject *object, PyObject *args)
{
    CodeObject *self = (CodeObject *)object;
    PyObject *bits_object, *info_object;
    Py_ssize_t frames;
    if (!PyArg_ParseTuple(args, "OOn", &bits_object, &info_object, &frames) || !has_code(self))
        return NULL;
    const ldpc_code *c = self->code;
    size_t k = ldpc_code_k(c), word = ldpc_code_n(c);
    Py_buffer bits, info;
    if (!take_buffer(bits_object, &bits, "B", frames * (Py_ssize_t)word, 0, "codewords"))
        return NULL;
    if (!take_buffer(info_object, &info, "B", frames * (Py_ssize_t)k, 1, "info")) {
        PyBuffer_Release(&bits);
        return NULL;
    }
    for (Py_ssize_t f = 0; f < frames; f++)
        ldpc_code_extract_info(c, (const uint8_t *)bits.buf + f * word, (uint8_t *)info.buf + f * k);
    PyBuffer_Release(&bits);
    PyBuffer_Release(&info);
    Py_RETURN_NONE;
}

static PyMethodDef code_methods[] = {
    {"encode_into", code_encode_into, METH_VARARGS, NULL},
    {"extract_info_into", code_extract_info_into, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CodeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ldpc._ldpc.Code",
    .tp_basicsize = sizeof(CodeObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_init = code_init,
    .tp_dealloc = code_dealloc,
    .tp_getset = code_getset,
    .tp_methods = code_methods,
};

/* ---- Decoder --------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD ldpc_decoder *decoder;
    uint32_t max_frames;
} DecoderObject;

/* Decoder(code, spec, backend, max_frames, threads): a decoder for codes up
 * to `code`'s size, max_frames frames per library call. */
static int decoder_init(PyObject *object, PyObject *args, PyObject *kwargs)
{
    DecoderObject *self = (DecoderObject *)object;
    static char *keywords[] = {"code", "spec", "backend", "max_frames", "threads", NULL};
    CodeObject *code;
    const char *spec = "default", *backend = "auto";
    unsigned int max_frames = 64, threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!|ssII", keywords, &CodeType, &code, &spec,
                                     &backend, &max_frames, &threads) ||
        !has_code(code))
        return -1;
    if (max_frames == 0) {
        PyErr_SetString(PyExc_ValueError, "max_frames must be at least 1");
        return -1;
    }
    ldpc_error err;
    ldpc_decoder_config config;
    ldpc_status status = ldpc_decoder_spec_parse(spec, &config, &err);
    if (status != LDPC_OK) {
        raise_ldpc(status, &err);
        return -1;
    }
    config.threads = threads;
    ldpc_decoder_limits limits = ldpc_decoder_limits_for_code(code->code, max_frames);
    ldpc_decoder *decoder = NULL;
    status = ldpc_decoder_create(&config, &limits, backend, &decoder, &err);
    if (status != LDPC_OK) {
        raise_ldpc(status, &err);
        return -1;
    }
    ldpc_decoder_destroy(self->decoder);
    self->decoder = decoder;
    self->max_frames = max_frames;
    return 0;
}

static void decoder_dealloc(PyObject *object)
{
    DecoderObject *self = (DecoderObject *)object;
    ldpc_decoder_destroy(self->decoder);
    Py_TYPE(object)->tp_free(object);
}

/* 1 if the object holds a decoder (Decoder.__init__ succeeded), else a Python error. */
static int has_decoder(const DecoderObject *self)
{
    if (self->decoder != NULL)
        return 1;
    PyErr_SetString(PyExc_ValueError, "the decoder was not created");
    return 0;
}

static PyObject *decoder_backend(PyObject *object, void *closure)
{
    DecoderObject *self = (DecoderObject *)object;
    (void)closure;
    if (!has_decoder(self))
        return NULL;
    return PyUnicode_FromString(ldpc_decoder_backend_name(self->decoder));
}

static PyObject *decoder_spec(PyObject *object, void *closure)
{
    DecoderObject *self = (DecoderObject *)object;
    (void)closure;
    if (!has_decoder(self))
        return NULL;
    char text[256];
    ldpc_error err;
    ldpc_status status =
        ldpc_decoder_spec_format(ldpc_decoder_get_config(self->decoder), text, sizeof text, &err);
    if (status != LDPC_OK)
        return raise_ldpc(status, &err);
    return PyUnicode_FromString(text);
}

static PyGetSetDef decoder_getset[] = {
    {"backend", decoder_backend, NULL, "the backend that decodes", NULL},
    {"spec", decoder_spec, NULL, "the decoder configuration as a spec", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* decode_into(code, llr, bits, stats, frames): n soft values per frame
 * (float32 LLRs, or int8 quantised ones) in, codeword_n decided bits and one
 * ldpc_frame_stats per frame out; calls of at most max_frames frames. */
static PyObject *decoder_decode_into(PyObject *object, PyObject *args)
{
    DecoderObject *self = (DecoderObject *)object;
    CodeObject *code;
    PyObject *llr_object, *bits_object, *stats_object;
    Py_ssize_t frames;
    if (!PyArg_ParseTuple(args, "O!OOOn", &CodeType, &code, &llr_object, &bits_object,
                          &stats_object, &frames) ||
        !has_code(code) || !has_decoder(self))
        return NULL;
    const ldpc_code *c = code->code;
    size_t n = ldpc_code_transmitted_n(c), word = ldpc_code_n(c);
    Py_buffer llr, bits, stats;
    int is_float = 1;
    if (!take_buffer(llr_object, &llr, "f", frames * (Py_ssize_t)n, 0, "llr")) {
        PyErr_Clear();
        is_float = 0;
        if (!take_buffer(llr_object, &llr, "b", frames * (Py_ssize_t)n, 0, "llr"))
            return NULL;
    }
    if (!take_buffer(bits_object, &bits, "B", frames * (Py_ssize_t)word, 1, "bits")) {
        PyBuffer_Release(&llr);
        return NULL;
    }
    if (!take_buffer(stats_object, &stats, "I",
                     frames * (Py_ssize_t)(sizeof(ldpc_frame_stats) / sizeof(uint32_t)), 1,
                     "stats")) {
        PyBuffer_Release(&llr);
        PyBuffer_Release(&bits);
        return NULL;
    }
    ldpc_error err;
    ldpc_status status = LDPC_OK;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t first = 0; first < frames && status == LDPC_OK; first += self->max_frames) {
        uint32_t count = (uint32_t)(frames - first < self->max_frames ? frames - first
                                                                      : self->max_frames);
        uint8_t *out = (uint8_t *)bits.buf + first * word;
        ldpc_frame_stats *frame_stats = (ldpc_frame_stats *)stats.buf + first;
        status = is_float
                     ? ldpc_decoder_decode_f32(self->decoder, c, (const float *)llr.buf + first * n,
                                               count, out, frame_stats, &err)
                     : ldpc_decoder_decode_i8(self->decoder, c, (const int8_t *)llr.buf + first * n,
                                              count, out, frame_stats, &err);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&llr);
    PyBuffer_Release(&bits);
    PyBuffer_Release(&stats);
    if (status != LDPC_OK)
        return raise_ldpc(status, &err);
    Py_RETURN_NONE;
}

static PyMethodDef decoder_methods[] = {
    {"decode_into", decoder_decode_into, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject DecoderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ldpc._ldpc.Decoder",
    .tp_basicsize = sizeof(DecoderObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_init = decoder_init,
    .tp_dealloc = decoder_dealloc,
    .tp_getset = decoder_getset,
    .tp_methods = decoder_methods,
};

/* ---- module ---------------------------------------------------------------- */

static PyObject *builtin_codes(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    size_t count = ldpc_builtin_code_count();
    PyObject *names = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; names != NULL && i < count; i++)
        PyList_SET_ITEM(names, (Py_ssize_t)i, PyUnicode_FromString(ldpc_builtin_code_name(i)));
    return names;
}

static PyMethodDef module_methods[] = {
    {"builtin_codes", builtin_codes, METH_NOARGS, "the built-in code names"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "_ldpc", "libldpc's codes, encoder and decoders", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__ldpc(void);
PyMODINIT_FUNC PyInit__ldpc(void)
{
    if (PyType_Ready(&CodeType) < 0 || PyType_Ready(&DecoderType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&module_definition);
    if (module == NULL)
        return NULL;
    ldpc_error_type = PyErr_NewException("ldpc.LdpcError", PyExc_RuntimeError, NULL);
    Py_INCREF(&CodeType);
    Py_INCREF(&DecoderType);
    if (PyModule_AddObject(module, "LdpcError", ldpc_error_type) < 0 ||
        PyModule_AddObject(module, "Code", (PyObject *)&CodeType) < 0 ||
        PyModule_AddObject(module, "Decoder", (PyObject *)&DecoderType) < 0 ||
        PyModule_AddIntConstant(module, "FRAME_STATS_FIELDS",
                                sizeof(ldpc_frame_stats) / sizeof(uint32_t)) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
