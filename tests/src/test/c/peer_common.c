#define _POSIX_C_SOURCE 200809L
#include "peer_common.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void peer_check(int64_t rc, const char *what, const char *file, int line)
{
  if (rc < 0) {
    fprintf(stderr, "%s failed: %s (%s:%d)\n", what, dds_strretcode((dds_return_t) rc), file, line);
    exit(1);
  }
}

void peer_fail(const char *fmt, ...)
{
  va_list args;
  va_start(args, fmt);
  vfprintf(stderr, fmt, args);
  va_end(args);
  fputc('\n', stderr);
  exit(2);
}

dds_domainid_t peer_domain_id(void)
{
  const char *env = getenv("ROS_DOMAIN_ID");
  if (env == NULL || *env == '\0')
    return 0;
  long long id = peer_parse_long(env, "ROS_DOMAIN_ID");
  /* 232 is the largest id whose RTPS ports (7400 + 250 * id + offsets) fit in 16 bits */
  if (id > 232)
    peer_fail("ROS_DOMAIN_ID must be 0..232, got %s", env);
  return (dds_domainid_t) id;
}

char *peer_dds_topic(const char *ros_topic)
{
  while (*ros_topic == '/')
    ros_topic++;
  if (*ros_topic == '\0')
    peer_fail("empty topic name");
  size_t n = strlen(ros_topic) + 4;
  char *name = malloc(n);
  if (name == NULL)
    peer_fail("out of memory");
  snprintf(name, n, "rt/%s", ros_topic);
  return name;
}

dds_qos_t *peer_qos(int reliable, int32_t depth)
{
  dds_qos_t *qos = dds_create_qos();
  if (reliable)
    dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_SECS(1));
  else
    dds_qset_reliability(qos, DDS_RELIABILITY_BEST_EFFORT, 0);
  dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, depth);
  dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
  return qos;
}

static dds_entity_t topic_of(dds_entity_t participant, const dds_topic_descriptor_t *type, const char *ros_topic,
                             char **name)
{
  *name = peer_dds_topic(ros_topic);
  dds_entity_t topic = dds_create_topic(participant, type, *name, NULL, NULL);
  PEER_CHECK(topic, *name);
  return topic;
}

dds_entity_t peer_writer(dds_entity_t participant, const dds_topic_descriptor_t *type, const char *ros_topic,
                         const dds_qos_t *qos)
{
  char *name;
  dds_entity_t writer = dds_create_writer(participant, topic_of(participant, type, ros_topic, &name), qos, NULL);
  PEER_CHECK(writer, name);
  free(name);
  return writer;
}

dds_entity_t peer_reader(dds_entity_t participant, const dds_topic_descriptor_t *type, const char *ros_topic,
                         const dds_qos_t *qos)
{
  char *name;
  dds_entity_t reader = dds_create_reader(participant, topic_of(participant, type, ros_topic, &name), qos, NULL);
  PEER_CHECK(reader, name);
  free(name);
  return reader;
}

void peer_wait_for_readers(const char *program, const dds_entity_t *writers, int n_writers, long long n,
                           long long timeout_s)
{
  int64_t deadline = peer_monotonic_ns() + timeout_s * 1000000000LL;
  for (;;) {
    uint32_t least = UINT32_MAX;
    for (int i = 0; i < n_writers; i++) {
      dds_publication_matched_status_t st;
      PEER_CHECK(dds_get_publication_matched_status(writers[i], &st), "dds_get_publication_matched_status");
      if (st.current_count < least)
        least = st.current_count;
    }
    if (least >= n)
      return;
    if (peer_monotonic_ns() > deadline) {
      fprintf(stderr, "%s: only %u of %lld subscribers matched within %lld s\n", program, least, n, timeout_s);
      exit(3);
    }
    peer_sleep_ms(10);
  }
}

void peer_sleep_ms(long long ms)
{
  struct timespec ts = {(time_t) (ms / 1000), (long) (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

int64_t peer_monotonic_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int64_t peer_stamp_ns(int32_t sec, uint32_t nanosec)
{
  return (int64_t) sec * 1000000000LL + (int64_t) nanosec;
}

void peer_print_token(FILE *out, const char *s)
{
  if (s == NULL || *s == '\0') {
    fputs("\"\"", out);
    return;
  }
  for (const unsigned char *c = (const unsigned char *) s; *c; c++) {
    if (*c == '\\')
      fputs("\\\\", out);
    else if (*c < 0x21 || *c > 0x7e)
      fprintf(out, "\\x%02x", *c);
    else
      fputc(*c, out);
  }
}

uint32_t peer_crc32(const uint8_t *data, size_t n)
{
  static uint32_t table[256];
  static int ready = 0;
  if (!ready) {
    for (uint32_t i = 0; i < 256; i++) {
      uint32_t c = i;
      for (int k = 0; k < 8; k++)
        c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      table[i] = c;
    }
    ready = 1;
  }
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++)
    crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

long long peer_parse_long(const char *text, const char *option)
{
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < 0)
    peer_fail("%s: expected a non-negative integer, got '%s'", option, text);
  return v;
}

double peer_parse_double(const char *text, const char *option)
{
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  if (errno != 0 || end == text || *end != '\0' || !isfinite(v))
    peer_fail("%s: expected a finite number, got '%s'", option, text);
  return v;
}

void peer_parse_options(int argc, char **argv, const peer_option_t *options, int n_options, const char *usage)
{
  for (int i = 1; i < argc; i++) {
    const peer_option_t *o = NULL;
    for (int j = 0; j < n_options && o == NULL; j++)
      if (strcmp(argv[i], options[j].name) == 0)
        o = &options[j];
    if (o == NULL)
      peer_fail("unknown option '%s'\n%s", argv[i], usage);
    if (o->kind == PEER_FLAG) {
      *(int *) o->target = 1;
      continue;
    }
    if (i + 1 >= argc)
      peer_fail("%s needs a value\n%s", o->name, usage);
    const char *v = argv[++i];
    switch (o->kind) {
      case PEER_STRING: *(const char **) o->target = v; break;
      case PEER_LONG: *(long long *) o->target = peer_parse_long(v, o->name); break;
      case PEER_DOUBLE: *(double *) o->target = peer_parse_double(v, o->name); break;
      case PEER_STRINGS: {
        peer_strings_t *list = o->target;
        if (list->count == list->max)
          peer_fail("%s may be given at most %d times", o->name, list->max);
        list->items[list->count++] = v;
        break;
      }
      case PEER_FLAG: break;
    }
  }
}
