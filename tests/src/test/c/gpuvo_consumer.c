/*
 * gpuvo_consumer: a ROS 2 subscriber made of plain Cyclone DDS, for gpuvo's interoperability tests. By default it
 * takes nav_msgs/Odometry and tf2_msgs/TFMessage, as a ROS 2 node on another middleware would; with --images it
 * takes sensor_msgs/Image (and, with --camera-info, CameraInfo) instead, to check what a camera put on the wire.
 * Throughout, it lists the remote publications that Cyclone's built-in DCPSPublication topic reports. With
 * --status it also takes std_msgs/String on that topic (gpuvo's node publishes its status there, one JSON object
 * per message).
 *
 *   gpuvo_consumer [--odom odom] [--tf /tf] [--images T]... [--camera-info T]... [--status T] [--count N]
 *                  [--timeout 30] [--qos reliable|best-effort] [--depth N] [--linger-ms 0]
 *
 * Topics are ROS names (rt/<name without leading slash> on the wire). QoS: odom and tf reliable, keep last 100;
 * images and camera infos best effort, keep last 5 (what gpuvo's node asks for); status reliable, keep last 100;
 * --qos and --depth override them all.
 * --images and --camera-info may be given up to four times each (the two sides of a stereo pair). It exits after N
 * odometry messages (with --images: N images, all image topics together), or with status 3 when --timeout seconds
 * pass first; with --count 0 it runs until the timeout and exits with 0. --linger-ms keeps it taking messages that
 * long after the count is reached (the camera infos written just before the last image, say).
 *
 * stdout, one line per event, flushed; strings as single tokens ("" when empty, other bytes outside 0x21..0x7e as
 * \xHH), doubles with %.17g, monotonic_ns from CLOCK_MONOTONIC (Java's System.nanoTime on Linux):
 *   ready
 *   pub <topic_name> <type_name>                 once per remote writer
 *   odom <sec> <nanosec> <frame_id> <child_frame_id> <x> <y> <z> <qx> <qy> <qz> <qw> <monotonic_ns>
 *   tf <sec> <nanosec> <parent_frame_id> <child_frame_id> <x> <y> <z> <qx> <qy> <qz> <qw> <monotonic_ns>
 *                                                one per transform of a TFMessage
 *   image <stamp_ns> <width> <height> <step> <encoding> <bytes> <crc32> <frame_id> <is_bigendian> <topic>
 *         <monotonic_ns>                         crc32 of the data as 8 hex digits (java.util.zip.CRC32)
 *   info <stamp_ns> <topic> <frame_id> <width> <height> <distortion_model> <n_d> <d...> <k0..k8> <r0..r8> <p0..p11>
 *        <monotonic_ns>
 *   status <data> <monotonic_ns>                 the string as one token (its blanks and line breaks as \xHH), so
 *                                                that any string stays on one line
 *   done <odom> <tf> <images> <infos> <statuses> counts of messages taken, at exit
 * The domain id comes from ROS_DOMAIN_ID (default 0); the network configuration from CYCLONEDDS_URI.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "nav_msgs.h"
#include "peer_common.h"
#include "sensor_msgs.h"
#include "std_msgs.h"
#include "tf2_msgs.h"

#define BATCH 16
#define MAX_SEEN 4096
#define MAX_IMAGE_TOPICS 4

typedef struct {
  const char *odom_topic, *tf_topic, *status_topic;
  const char *image_topic_list[MAX_IMAGE_TOPICS], *info_topic_list[MAX_IMAGE_TOPICS];
  peer_strings_t image_topics, info_topics;
  long long count, depth, linger_ms;
  double timeout_s;
  int qos; /* -1: per topic defaults, 0: best effort, 1: reliable */
} options_t;

typedef struct {
  dds_guid_t own;
  dds_guid_t seen[MAX_SEEN];
  size_t n_seen;
} publications_t;

static void parse_options(int argc, char **argv, options_t *o)
{
  memset(o, 0, sizeof *o);
  o->odom_topic = "odom";
  o->tf_topic = "tf";
  o->timeout_s = 30;
  o->image_topics = (peer_strings_t){o->image_topic_list, 0, MAX_IMAGE_TOPICS};
  o->info_topics = (peer_strings_t){o->info_topic_list, 0, MAX_IMAGE_TOPICS};
  const char *qos = NULL;
  const peer_option_t table[] = {
      {"--odom", PEER_STRING, &o->odom_topic}, {"--tf", PEER_STRING, &o->tf_topic},
      {"--images", PEER_STRINGS, &o->image_topics}, {"--camera-info", PEER_STRINGS, &o->info_topics},
      {"--status", PEER_STRING, &o->status_topic},
      {"--count", PEER_LONG, &o->count}, {"--timeout", PEER_DOUBLE, &o->timeout_s},
      {"--qos", PEER_STRING, &qos}, {"--depth", PEER_LONG, &o->depth}, {"--linger-ms", PEER_LONG, &o->linger_ms}};
  const char *usage = "usage: gpuvo_consumer [--odom T] [--tf T] [--images T]... [--camera-info T]... [--status T] "
                      "[--count N] "
                      "[--timeout S] [--qos reliable|best-effort] [--depth N] [--linger-ms MS] "
                      "(see the header of gpuvo_consumer.c)";
  peer_parse_options(argc, argv, table, (int) (sizeof table / sizeof table[0]), usage);
  o->qos = -1;
  if (qos != NULL && strcmp(qos, "reliable") == 0)
    o->qos = 1;
  else if (qos != NULL && strcmp(qos, "best-effort") == 0)
    o->qos = 0;
  else if (qos != NULL)
    peer_fail("--qos is reliable or best-effort, got '%s'", qos);
  if (o->info_topics.count > 0 && o->image_topics.count == 0)
    peer_fail("--camera-info goes with --images");
  if (o->depth < 0 || o->depth > 100000)
    peer_fail("--depth must be 1..100000");
}

/* A reader with the per-topic default QoS unless --qos / --depth say otherwise. */
static dds_entity_t create_reader(dds_entity_t participant, const dds_topic_descriptor_t *type, const char *ros_topic,
                                  const options_t *o, int default_reliable, int32_t default_depth)
{
  dds_qos_t *qos = peer_qos(o->qos < 0 ? default_reliable : o->qos, o->depth > 0 ? (int32_t) o->depth : default_depth);
  dds_entity_t reader = peer_reader(participant, type, ros_topic, qos);
  dds_delete_qos(qos);
  return reader;
}

static void print_doubles(const double *v, size_t n)
{
  for (size_t i = 0; i < n; i++)
    printf(" %.17g", v[i]);
}

/* Takes what a reader holds; calls print for each valid sample; returns how many there were. */
typedef void (*print_fn)(const void *sample, const char *topic, int64_t now);

typedef struct {
  dds_entity_t reader;
  const char *topic;
  print_fn print;
} subscription_t;

static long take_all(const subscription_t *sub)
{
  dds_entity_t reader = sub->reader;
  long taken = 0;
  for (;;) {
    void *samples[BATCH] = {NULL};
    dds_sample_info_t infos[BATCH];
    dds_return_t n = dds_take(reader, samples, infos, BATCH, BATCH);
    PEER_CHECK(n, "dds_take");
    if (n == 0)
      return taken;
    int64_t now = peer_monotonic_ns();
    for (int i = 0; i < n; i++)
      if (infos[i].valid_data) {
        sub->print(samples[i], sub->topic, now);
        taken++;
      }
    PEER_CHECK(dds_return_loan(reader, samples, n), "dds_return_loan");
  }
}

static void print_odom(const void *sample, const char *topic, int64_t now)
{
  (void) topic;
  const nav_msgs_msg_dds__Odometry_ *m = sample;
  const geometry_msgs_msg_dds__Pose_ *p = &m->pose.pose;
  printf("odom %d %u ", m->header.stamp.sec, m->header.stamp.nanosec);
  peer_print_token(stdout, m->header.frame_id);
  putchar(' ');
  peer_print_token(stdout, m->child_frame_id);
  double v[7] = {p->position.x, p->position.y, p->position.z, p->orientation.x, p->orientation.y, p->orientation.z,
                 p->orientation.w};
  print_doubles(v, 7);
  printf(" %lld\n", (long long) now);
}

static void print_tf(const void *sample, const char *topic, int64_t now)
{
  (void) topic;
  const tf2_msgs_msg_dds__TFMessage_ *m = sample;
  for (uint32_t i = 0; i < m->transforms._length; i++) {
    const geometry_msgs_msg_dds__TransformStamped_ *t = &m->transforms._buffer[i];
    printf("tf %d %u ", t->header.stamp.sec, t->header.stamp.nanosec);
    peer_print_token(stdout, t->header.frame_id);
    putchar(' ');
    peer_print_token(stdout, t->child_frame_id);
    const geometry_msgs_msg_dds__Transform_ *x = &t->transform;
    double v[7] = {x->translation.x, x->translation.y, x->translation.z, x->rotation.x, x->rotation.y, x->rotation.z,
                   x->rotation.w};
    print_doubles(v, 7);
    printf(" %lld\n", (long long) now);
  }
}

static void print_image(const void *sample, const char *topic, int64_t now)
{
  const sensor_msgs_msg_dds__Image_ *m = sample;
  printf("image %lld %u %u %u ", (long long) peer_stamp_ns(m->header.stamp.sec, m->header.stamp.nanosec), m->width,
         m->height, m->step);
  peer_print_token(stdout, m->encoding);
  printf(" %u %08x ", m->data._length, peer_crc32(m->data._buffer, m->data._length));
  peer_print_token(stdout, m->header.frame_id);
  printf(" %u ", m->is_bigendian);
  peer_print_token(stdout, topic);
  printf(" %lld\n", (long long) now);
}

static void print_info(const void *sample, const char *topic, int64_t now)
{
  const sensor_msgs_msg_dds__CameraInfo_ *m = sample;
  printf("info %lld ", (long long) peer_stamp_ns(m->header.stamp.sec, m->header.stamp.nanosec));
  peer_print_token(stdout, topic);
  putchar(' ');
  peer_print_token(stdout, m->header.frame_id);
  printf(" %u %u ", m->width, m->height);
  peer_print_token(stdout, m->distortion_model);
  printf(" %u", m->d._length);
  print_doubles(m->d._buffer, m->d._length);
  print_doubles(m->k, 9);
  print_doubles(m->r, 9);
  print_doubles(m->p, 12);
  printf(" %lld\n", (long long) now);
}

static void print_status(const void *sample, const char *topic, int64_t now)
{
  (void) topic;
  const std_msgs_msg_dds__String_ *m = sample;
  fputs("status ", stdout);
  peer_print_token(stdout, m->data);
  printf(" %lld\n", (long long) now);
}

/* Prints each remote writer's topic and type once. */
static void take_publications(dds_entity_t reader, publications_t *pubs)
{
  for (;;) {
    void *samples[BATCH] = {NULL};
    dds_sample_info_t infos[BATCH];
    dds_return_t n = dds_take(reader, samples, infos, BATCH, BATCH);
    PEER_CHECK(n, "dds_take DCPSPublication");
    if (n == 0)
      return;
    for (int i = 0; i < n; i++) {
      const dds_builtintopic_endpoint_t *e = samples[i];
      if (!infos[i].valid_data || memcmp(&e->participant_key, &pubs->own, sizeof pubs->own) == 0)
        continue;
      int known = 0;
      for (size_t j = 0; j < pubs->n_seen && !known; j++)
        known = memcmp(&pubs->seen[j], &e->key, sizeof e->key) == 0;
      if (known)
        continue;
      if (pubs->n_seen < MAX_SEEN)
        pubs->seen[pubs->n_seen++] = e->key;
      fputs("pub ", stdout);
      peer_print_token(stdout, e->topic_name);
      putchar(' ');
      peer_print_token(stdout, e->type_name);
      putchar('\n');
    }
    PEER_CHECK(dds_return_loan(reader, samples, n), "dds_return_loan DCPSPublication");
  }
}

static void attach(dds_entity_t waitset, dds_entity_t reader)
{
  dds_entity_t condition = dds_create_readcondition(reader, DDS_ANY_STATE);
  PEER_CHECK(condition, "dds_create_readcondition");
  PEER_CHECK(dds_waitset_attach(waitset, condition, reader), "dds_waitset_attach");
}

int main(int argc, char **argv)
{
  options_t o;
  parse_options(argc, argv, &o);

  dds_entity_t participant = dds_create_participant(peer_domain_id(), NULL, NULL);
  PEER_CHECK(participant, "dds_create_participant");
  static publications_t pubs;
  PEER_CHECK(dds_get_guid(participant, &pubs.own), "dds_get_guid");

  dds_entity_t waitset = dds_create_waitset(participant);
  PEER_CHECK(waitset, "dds_create_waitset");
  dds_entity_t builtin = dds_create_reader(participant, DDS_BUILTIN_TOPIC_DCPSPUBLICATION, NULL, NULL);
  PEER_CHECK(builtin, "dds_create_reader DCPSPublication");
  attach(waitset, builtin);

  /* kinds: 0 odometry, 1 tf, 2 images, 3 camera infos, 4 status strings */
  subscription_t subs[2 * MAX_IMAGE_TOPICS + 3];
  int kinds[2 * MAX_IMAGE_TOPICS + 3];
  int n_subs = 0;
  if (o.image_topics.count > 0) {
    for (int i = 0; i < o.image_topics.count; i++) {
      subs[n_subs] = (subscription_t){
          create_reader(participant, &sensor_msgs_msg_dds__Image__desc, o.image_topics.items[i], &o, 0, 5),
          o.image_topics.items[i], print_image};
      kinds[n_subs++] = 2;
    }
    for (int i = 0; i < o.info_topics.count; i++) {
      subs[n_subs] = (subscription_t){
          create_reader(participant, &sensor_msgs_msg_dds__CameraInfo__desc, o.info_topics.items[i], &o, 0, 5),
          o.info_topics.items[i], print_info};
      kinds[n_subs++] = 3;
    }
  } else {
    subs[n_subs] = (subscription_t){
        create_reader(participant, &nav_msgs_msg_dds__Odometry__desc, o.odom_topic, &o, 1, 100), o.odom_topic,
        print_odom};
    kinds[n_subs++] = 0;
    subs[n_subs] = (subscription_t){
        create_reader(participant, &tf2_msgs_msg_dds__TFMessage__desc, o.tf_topic, &o, 1, 100), o.tf_topic, print_tf};
    kinds[n_subs++] = 1;
  }
  if (o.status_topic != NULL) {
    subs[n_subs] = (subscription_t){
        create_reader(participant, &std_msgs_msg_dds__String__desc, o.status_topic, &o, 1, 100), o.status_topic,
        print_status};
    kinds[n_subs++] = 4;
  }
  for (int i = 0; i < n_subs; i++)
    attach(waitset, subs[i].reader);
  puts("ready");
  fflush(stdout);

  long taken[5] = {0, 0, 0, 0, 0};
  const int counted_kind = o.image_topics.count > 0 ? 2 : 0;
  int64_t deadline = peer_monotonic_ns() + (int64_t) (o.timeout_s * 1e9);
  int status = -1;
  for (;;) {
    take_publications(builtin, &pubs);
    for (int i = 0; i < n_subs; i++)
      taken[kinds[i]] += take_all(&subs[i]);
    fflush(stdout);
    if (status < 0 && o.count > 0 && taken[counted_kind] >= o.count) {
      status = 0;
      deadline = peer_monotonic_ns() + o.linger_ms * 1000000LL;
    }
    int64_t left = deadline - peer_monotonic_ns();
    if (left <= 0) {
      if (status < 0)
        status = o.count > 0 ? 3 : 0;
      break;
    }
    PEER_CHECK(dds_waitset_wait(waitset, NULL, 0, left), "dds_waitset_wait");
  }
  printf("done %ld %ld %ld %ld %ld\n", taken[0], taken[1], taken[2], taken[3], taken[4]);
  fflush(stdout);
  if (status != 0)
    fprintf(stderr, "gpuvo_consumer: timed out after %.1f s with %ld of %lld messages\n", o.timeout_s,
            taken[counted_kind], o.count);
  PEER_CHECK(dds_delete(participant), "dds_delete");
  return status;
}
