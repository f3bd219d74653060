// Cairo 1.16 subsets a TrueType font for a PDF by asking FreeType's FT_Load_Sfnt_Table for
// each glyph's outline and metrics, some 830 calls an invoice, and FreeType looks its table
// service up by name at every call (about 800 instructions each). invoi defines
// FT_Load_Sfnt_Table, found before FreeType's like the zlib and snprintf functions: for a face
// invoi registered (its own faces over the font files' mapped bytes) a table is found once in
// the font's directory, checked against FreeType's own answer (its length, and its first and
// last bytes as FreeType reads them), and then copied straight from the bytes. Anything else —
// faces invoi did not make, a table FreeType sees otherwise, a read past a table's end, the
// whole file — is FreeType's. FontTablesTests compares the two.

#define _GNU_SOURCE
#include "CSpeedups.h"
#include "Switch.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int (*load_function)(void *, unsigned long, long, unsigned char *, unsigned long *);

static load_function freetype_load(void) {
    static load_function function;
    load_function loaded = __atomic_load_n(&function, __ATOMIC_ACQUIRE);
    if (!loaded) {
        loaded = (load_function)dlsym(RTLD_NEXT, "FT_Load_Sfnt_Table");
        __atomic_store_n(&function, loaded, __ATOMIC_RELEASE);
    }
    return loaded;
}

enum { UNKNOWN, FOUND, FREETYPES };

struct table {
    unsigned long tag;
    int state;
    size_t offset, length;
};

struct face {
    void *face;
    const unsigned char *bytes;
    size_t count, directory;
    unsigned tableCount;
    pthread_mutex_t lock;  // over `tables` and `asked`: one render at a time uses a face, so it is not contended
    struct table tables[64];  // the tables asked for, in the order asked
    unsigned asked;
};

// The registered faces, behind `lock`. A thread remembers the last face it looked up with the
// registry's generation then; any change to the registry bumps the generation, so a face that
// was let go is never used from memory. Workers drawing at once thus never touch the shared
// lock's cache line for each of a subset's hundreds of reads.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct face **faces;
static size_t faceCount, faceCapacity;
static unsigned long generation;
static __thread struct {
    void *handle;
    struct face *face;
    unsigned long generation;
} last;
static int enabled = -1;

static uint32_t read32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

void invoi_font_tables_register(void *face, const unsigned char *bytes, size_t count, long index) {
    if (count < 12 || index < 0) return;
    size_t directory = 0;
    if (memcmp(bytes, "ttcf", 4) == 0) {
        if ((uint64_t)index >= read32(bytes + 8) || 12 + 4 * (size_t)index + 4 > count) return;
        directory = read32(bytes + 12 + 4 * (size_t)index);
    } else if (index != 0) {
        return;
    }
    if (directory > count - 12) return;
    uint32_t version = read32(bytes + directory);
    if (version != 0x00010000 && version != 0x74727565 && version != 0x4F54544F) return;  // 1.0, 'true', 'OTTO'
    unsigned tableCount = (unsigned)bytes[directory + 4] << 8 | bytes[directory + 5];
    if (directory + 12 + 16 * (size_t)tableCount > count) return;
    struct face *record = calloc(1, sizeof *record);
    if (!record) return;
    *record = (struct face){.face = face, .bytes = bytes, .count = count, .directory = directory,
                            .tableCount = tableCount};
    pthread_mutex_init(&record->lock, NULL);
    pthread_mutex_lock(&lock);
    if (faceCount == faceCapacity) {
        size_t capacity = faceCapacity ? 2 * faceCapacity : 8;
        struct face **grown = realloc(faces, capacity * sizeof *faces);
        if (!grown) {
            pthread_mutex_unlock(&lock);
            pthread_mutex_destroy(&record->lock);
            free(record);
            return;
        }
        faces = grown;
        faceCapacity = capacity;
    }
    faces[faceCount++] = record;
    __atomic_add_fetch(&generation, 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&lock);
}

void invoi_font_tables_unregister(void *face) {
    struct face *record = NULL;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < faceCount; i++) {
        if (faces[i]->face == face) {
            record = faces[i];
            faces[i] = faces[--faceCount];
            break;
        }
    }
    __atomic_add_fetch(&generation, 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&lock);
    if (record) {
        pthread_mutex_destroy(&record->lock);
        free(record);
    }
}

/// The registered face `handle`, or NULL. Its owner unregisters it only when no one draws with
/// it any more, so while `handle` is in use here its record stays.
static struct face *find(void *handle) {
    unsigned long now = __atomic_load_n(&generation, __ATOMIC_ACQUIRE);
    if (last.handle == handle && last.generation == now) return last.face;
    struct face *face = NULL;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < faceCount; i++) {
        if (faces[i]->face == handle) {
            face = faces[i];
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    last.handle = handle;
    last.face = face;
    last.generation = now;
    return face;
}

/// Where FreeType would find `tag`: its first directory entry with a length, entries past the
/// end of the font left out and hmtx/vmtx cut to it (FreeType's tt_face_load_font_dir and
/// tt_face_lookup_table). 0 when there is none.
static int locate(const struct face *face, unsigned long tag, size_t *offset, size_t *length) {
    const unsigned char *entry = face->bytes + face->directory + 12;
    for (unsigned i = 0; i < face->tableCount; i++, entry += 16) {
        if (read32(entry) != tag) continue;
        size_t start = read32(entry + 8), size = read32(entry + 12);
        if (start > face->count) continue;
        if (size > face->count - start) {
            if (tag != 0x686D7478 && tag != 0x766D7478) continue;  // 'hmtx', 'vmtx'
            size = (face->count - start) & ~(size_t)3;
        }
        if (size == 0) continue;
        *offset = start;
        *length = size;
        return 1;
    }
    return 0;
}

/// Whether FreeType reads `tag` where `locate` says: the same length, the same first and last bytes.
static int agrees(const struct face *face, unsigned long tag, size_t offset, size_t length) {
    load_function load = freetype_load();
    unsigned long size = 0;
    if (load(face->face, tag, 0, NULL, &size) != 0 || size != length) return 0;
    unsigned char probe[32];
    unsigned long count = length < sizeof probe ? length : sizeof probe;
    unsigned long asked = count;
    if (load(face->face, tag, 0, probe, &asked) != 0 || memcmp(probe, face->bytes + offset, count) != 0) return 0;
    asked = count;
    if (load(face->face, tag, (long)(length - count), probe, &asked) != 0
        || memcmp(probe, face->bytes + offset + length - count, count) != 0)
        return 0;
    return 1;
}

int invoi_load_sfnt_table(void *handle, unsigned long tag, long offset, unsigned char *buffer, unsigned long *length) {
    struct face *face;
    if (invoi_speedup_is_enabled(&enabled, "fonttables") && tag != 0 && length != NULL && offset >= 0
        && (face = find(handle)) != NULL) {
        pthread_mutex_lock(&face->lock);
        struct table *table = NULL;
        for (unsigned i = 0; i < face->asked; i++) {
            if (face->tables[i].tag == tag) {
                table = &face->tables[i];
                break;
            }
        }
        if (!table && face->asked < sizeof face->tables / sizeof face->tables[0]) {
            table = &face->tables[face->asked++];
            *table = (struct table){.tag = tag, .state = FREETYPES};
            size_t at, size;
            if (locate(face, tag, &at, &size) && agrees(face, tag, at, size)) {
                *table = (struct table){.tag = tag, .state = FOUND, .offset = at, .length = size};
            }
        }
        if (table && table->state == FOUND) {
            if (*length == 0) {
                *length = table->length;
                pthread_mutex_unlock(&face->lock);
                return 0;
            }
            if ((unsigned long)offset <= table->length && *length <= table->length - (unsigned long)offset) {
                memcpy(buffer, face->bytes + table->offset + offset, *length);
                pthread_mutex_unlock(&face->lock);
                return 0;
            }
        }
        pthread_mutex_unlock(&face->lock);
    }
    return freetype_load()(handle, tag, offset, buffer, length);
}

int FT_Load_Sfnt_Table(void *face, unsigned long tag, long offset, unsigned char *buffer, unsigned long *length) {
    return invoi_load_sfnt_table(face, tag, offset, buffer, length);
}

int invoi_freetype_load_sfnt_table(void *face, unsigned long tag, long offset, unsigned char *buffer,
                                   unsigned long *length) {
    return freetype_load()(face, tag, offset, buffer, length);
}

int invoi_font_tables_serves(void *handle, unsigned long tag) {
    int serves = 0;
    struct face *face = find(handle);
    if (!face) return 0;
    pthread_mutex_lock(&face->lock);
    for (unsigned j = 0; j < face->asked; j++) {
        if (face->tables[j].tag == tag) serves = face->tables[j].state == FOUND;
    }
    pthread_mutex_unlock(&face->lock);
    return serves;
}
