/*
 * gpuvo_camera: a ROS 2 camera made of plain Cyclone DDS, for gpuvo's interoperability tests. It publishes
 * sensor_msgs/Image frames read from files (and, with --info, a sensor_msgs/CameraInfo with each frame) at a fixed
 * rate, as a ROS 2 camera driver on another middleware would.
 *
 *   gpuvo_camera --list FILE [--image-topic camera/image_raw] [--info FILE [--info-from N]]... [--info-topic T]
 *                [--right-image-topic T --right-info FILE --right-info-topic T] [--frame-id camera]
 *                [--right-frame-id camera_right] [--rate 10] [--count N] [--reliable] [--depth 5]
 *                [--wait-subscribers N] [--wait-timeout 30] [--settle-ms 300] [--info-lead-ms 0] [--linger-ms 1000]
 *
 * The list file: one frame per line, '#' starts a comment line, fields separated by blanks:
 *   <stamp_ns> <width> <height> <step> <encoding> <file> [<right_file>]
 * stamp_ns is the header stamp (nanoseconds since the epoch, up to 2^31 s); width, height and step (0..2^32-1) and encoding
 * ("" for an empty one) are written into the message as given, even where they disagree with each other or with
 * the data: that is how the tests send malformed frames. The data is the whole content of <file> (a path relative
 * to the list file's folder; "-" for no data at all). With --right-image-topic every line names a right file too,
 * and the right image (same stamp, size, step and encoding) goes out on that topic: a stereo pair.
 *
 * A camera info file: one "key values..." line per field of sensor_msgs/CameraInfo, '#' comments:
 *   width W / height H / distortion_model NAME / d v... (any count) / k 9 values / r 9 values / p 12 values
 *   and optionally binning_x B / binning_y B / roi x_offset y_offset height width do_rectify(0|1)
 * Numbers are read with strtod, so nan and inf can be sent on purpose.
 *
 * --info-from N sends the camera info only with frames N.. (the frames before it go without any, as from a driver
 * whose calibration comes late). --info may be given up to four times, each with its --info-from (increasing): a
 * schedule, frame i going with the last info whose --info-from is at most i; that is how the tests send unusable
 * camera infos before a good one. The right info goes with every frame that has a (left) info, or with every frame
 * where there is no --info.
 *
 * Topics are ROS names; on the wire they are rt/<name without leading slash>. The default info topic is the image
 * topic's namespace + camera_info (camera/image_raw -> camera/camera_info). QoS: best effort unless --reliable,
 * keep last --depth, volatile. Each frame's camera infos are written first, then its images.
 *
 * --wait-subscribers N waits (at most --wait-timeout seconds, else exit status 3) until every writer has matched
 * N readers, then pauses --settle-ms so that the readers have matched the writer too, and no frame is lost at the
 * start. --info-lead-ms MS writes frame 0's camera infos MS milliseconds before its image too, as a driver whose
 * calibration is out before it streams: a reader of image and camera_info on separate topics has no order between
 * them, and may otherwise take frame 0 before any calibration. Frame i is published at start + i / rate on the
 * monotonic clock.
 *
 * stdout, one line each, flushed: "matched <n>" after waiting; "published <stamp_ns> <monotonic_ns>" per frame,
 * the clock read just before the (left) image is written; "done <frames>" at the end. Diagnostics go to stderr.
 * The domain id comes from ROS_DOMAIN_ID (default 0); the network configuration from CYCLONEDDS_URI.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dds/dds.h"
#include "peer_common.h"
#include "sensor_msgs.h"

#define MAX_LINE 8192
#define MAX_D 64
#define MAX_INFOS 4

typedef struct {
  int64_t stamp_ns;
  uint32_t width, height, step;
  char *encoding;
  uint8_t *left;
  size_t left_size;
  uint8_t *right;
  size_t right_size;
} frame_t;

typedef struct {
  uint32_t width, height;
  char *distortion_model;
  double d[MAX_D];
  uint32_t n_d;
  double k[9], r[9], p[12];
  uint32_t binning_x, binning_y;
  sensor_msgs_msg_dds__RegionOfInterest_ roi;
} camera_info_t;

typedef struct {
  const char *list, *image_topic, *info_topic;
  const char *info_list[MAX_INFOS], *info_from_list[MAX_INFOS];
  peer_strings_t infos, info_froms;
  long long info_from[MAX_INFOS]; /* the first frame of each --info, parsed from info_froms */
  const char *right_image_topic, *right_info, *right_info_topic;
  const char *frame_id, *right_frame_id;
  double rate;
  long long count, depth, wait_subscribers, wait_timeout_s, settle_ms, info_lead_ms, linger_ms;
  int reliable;
} options_t;

static char *copy_string(const char *s)
{
  char *c = strdup(s);
  if (c == NULL)
    peer_fail("out of memory");
  return c;
}

static uint32_t parse_u32(const char *text, const char *where)
{
  long long v = peer_parse_long(text, where);
  if (v > (long long) UINT32_MAX)
    peer_fail("%s: %s does not fit in 32 bits", where, text);
  return (uint32_t) v;
}

/* The whole content of a file, or nothing for "-". */
static uint8_t *read_file(const char *dir, const char *name, size_t *size, const char *where)
{
  *size = 0;
  if (strcmp(name, "-") == 0)
    return NULL;
  char path[PATH_MAX];
  if (name[0] == '/')
    snprintf(path, sizeof path, "%s", name);
  else
    snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (f == NULL)
    peer_fail("%s: cannot open %s: %s", where, path, strerror(errno));
  if (fseek(f, 0, SEEK_END) != 0)
    peer_fail("%s: cannot seek in %s", where, path);
  long n = ftell(f);
  if (n < 0 || (unsigned long) n > UINT32_MAX)
    peer_fail("%s: %s is too large for one image (%ld bytes)", where, path, n);
  rewind(f);
  uint8_t *data = malloc(n > 0 ? (size_t) n : 1);
  if (data == NULL)
    peer_fail("%s: out of memory for %s (%ld bytes)", where, path, n);
  if (n > 0 && fread(data, 1, (size_t) n, f) != (size_t) n)
    peer_fail("%s: cannot read %s", where, path);
  fclose(f);
  *size = (size_t) n;
  return data;
}

static void folder_of(const char *file, char *dir, size_t n)
{
  snprintf(dir, n, "%s", file);
  char *slash = strrchr(dir, '/');
  if (slash == NULL)
    snprintf(dir, n, ".");
  else if (slash == dir)
    slash[1] = '\0';
  else
    *slash = '\0';
}

typedef struct {
  FILE *f;
  const char *file;
  int line_no;
  char where[PATH_MAX + 32]; /* "file:line" for messages */
  char line[MAX_LINE];
} text_file_t;

static void open_text(text_file_t *t, const char *file, const char *what)
{
  t->f = fopen(file, "r");
  if (t->f == NULL)
    peer_fail("cannot open %s %s: %s", what, file, strerror(errno));
  t->file = file;
  t->line_no = 0;
}

/* Reads the next line into t->line; 0 at the end of the file (which it then closes). */
static int next_line(text_file_t *t)
{
  if (fgets(t->line, sizeof t->line, t->f) == NULL) {
    fclose(t->f);
    return 0;
  }
  t->line_no++;
  snprintf(t->where, sizeof t->where, "%s:%d", t->file, t->line_no);
  if (strchr(t->line, '\n') == NULL && !feof(t->f))
    peer_fail("%s: line longer than %d characters", t->where, MAX_LINE - 1);
  return 1;
}

/* Reads the list file; returns the number of frames, *frames malloc'ed. */
static size_t read_list(const char *file, int stereo, frame_t **frames)
{
  static text_file_t t;
  open_text(&t, file, "list file");
  const char *where = t.where;
  char dir[PATH_MAX];
  folder_of(file, dir, sizeof dir);
  size_t n = 0, capacity = 64;
  *frames = malloc(capacity * sizeof(frame_t));
  while (next_line(&t)) {
    char *fields[8];
    int count = 0;
    for (char *tok = strtok(t.line, " \t\r\n"); tok != NULL; tok = strtok(NULL, " \t\r\n")) {
      if (count == 0 && tok[0] == '#')
        break;
      if (count == 8)
        peer_fail("%s: too many fields", where);
      fields[count++] = tok;
    }
    if (count == 0)
      continue;
    if (count != (stereo ? 7 : 6))
      peer_fail("%s: expected %s, got %d fields", where,
                stereo ? "<stamp_ns> <width> <height> <step> <encoding> <file> <right_file>"
                       : "<stamp_ns> <width> <height> <step> <encoding> <file>", count);
    if (n == capacity) {
      capacity *= 2;
      *frames = realloc(*frames, capacity * sizeof(frame_t));
    }
    if (*frames == NULL)
      peer_fail("out of memory");
    frame_t *fr = &(*frames)[n++];
    fr->stamp_ns = peer_parse_long(fields[0], where);
    if (fr->stamp_ns / 1000000000LL > INT32_MAX)
      peer_fail("%s: stamp %s ns is past what builtin_interfaces/Time holds (int32 seconds)", where, fields[0]);
    fr->width = parse_u32(fields[1], where);
    fr->height = parse_u32(fields[2], where);
    fr->step = parse_u32(fields[3], where);
    fr->encoding = copy_string(strcmp(fields[4], "\"\"") == 0 ? "" : fields[4]);
    fr->left = read_file(dir, fields[5], &fr->left_size, where);
    fr->right = NULL;
    fr->right_size = 0;
    if (stereo)
      fr->right = read_file(dir, fields[6], &fr->right_size, where);
  }
  if (n == 0)
    peer_fail("%s lists no frames", file);
  return n;
}

static void read_numbers(char **fields, int count, double *out, int expected, const char *key, const char *where)
{
  if (count != expected)
    peer_fail("%s: %s needs %d numbers, got %d", where, key, expected, count);
  for (int i = 0; i < count; i++) {
    char *end;
    out[i] = strtod(fields[i], &end);
    if (end == fields[i] || *end != '\0')
      peer_fail("%s: %s: '%s' is not a number", where, key, fields[i]);
  }
}

static void read_camera_info(const char *file, camera_info_t *info)
{
  static text_file_t t;
  open_text(&t, file, "camera info file");
  const char *where = t.where;
  memset(info, 0, sizeof *info);
  int seen_width = 0, seen_height = 0, seen_k = 0, seen_r = 0, seen_p = 0;
  while (next_line(&t)) {
    char *key = strtok(t.line, " \t\r\n");
    if (key == NULL || key[0] == '#')
      continue;
    char *fields[MAX_D + 1];
    int count = 0;
    for (char *tok = strtok(NULL, " \t\r\n"); tok != NULL; tok = strtok(NULL, " \t\r\n")) {
      if (count == MAX_D + 1)
        peer_fail("%s: too many values", where);
      fields[count++] = tok;
    }
    double v[MAX_D + 1];
    if (strcmp(key, "width") == 0 || strcmp(key, "height") == 0 || strcmp(key, "binning_x") == 0
        || strcmp(key, "binning_y") == 0) {
      if (count != 1)
        peer_fail("%s: %s needs one value", where, key);
      uint32_t value = parse_u32(fields[0], where);
      if (key[0] == 'w') { info->width = value; seen_width = 1; }
      else if (key[0] == 'h') { info->height = value; seen_height = 1; }
      else if (key[8] == 'x') info->binning_x = value;
      else info->binning_y = value;
    } else if (strcmp(key, "distortion_model") == 0) {
      if (count != 1)
        peer_fail("%s: distortion_model needs one name", where);
      info->distortion_model = copy_string(fields[0]);
    } else if (strcmp(key, "d") == 0) {
      if (count > MAX_D)
        peer_fail("%s: more than %d distortion coefficients", where, MAX_D);
      read_numbers(fields, count, info->d, count, key, where);
      info->n_d = (uint32_t) count;
    } else if (strcmp(key, "k") == 0) {
      read_numbers(fields, count, info->k, 9, key, where);
      seen_k = 1;
    } else if (strcmp(key, "r") == 0) {
      read_numbers(fields, count, info->r, 9, key, where);
      seen_r = 1;
    } else if (strcmp(key, "p") == 0) {
      read_numbers(fields, count, info->p, 12, key, where);
      seen_p = 1;
    } else if (strcmp(key, "roi") == 0) {
      read_numbers(fields, count, v, 5, key, where);
      info->roi.x_offset = parse_u32(fields[0], where);
      info->roi.y_offset = parse_u32(fields[1], where);
      info->roi.height = parse_u32(fields[2], where);
      info->roi.width = parse_u32(fields[3], where);
      info->roi.do_rectify = parse_u32(fields[4], where) != 0;
    } else {
      peer_fail("%s: unknown key '%s'", where, key);
    }
  }
  if (!seen_width || !seen_height || !seen_k || !seen_r || !seen_p || info->distortion_model == NULL)
    peer_fail("%s: width, height, distortion_model, k, r and p are required", file);
}

/* ROS's camera_info beside the image: "camera/image_raw" -> "camera/camera_info". */
static const char *default_info_topic(const char *image_topic)
{
  const char *slash = strrchr(image_topic, '/');
  size_t prefix = slash == NULL ? 0 : (size_t) (slash - image_topic) + 1;
  char *topic = malloc(prefix + sizeof "camera_info");
  if (topic == NULL)
    peer_fail("out of memory");
  memcpy(topic, image_topic, prefix);
  strcpy(topic + prefix, "camera_info");
  return topic;
}

static void parse_options(int argc, char **argv, options_t *o)
{
  memset(o, 0, sizeof *o);
  o->image_topic = "camera/image_raw";
  o->frame_id = "camera";
  o->right_frame_id = "camera_right";
  o->rate = 10;
  o->count = -1;
  o->depth = 5;
  o->wait_timeout_s = 30;
  o->settle_ms = 300;
  o->linger_ms = 1000;
  o->infos = (peer_strings_t){o->info_list, 0, MAX_INFOS};
  o->info_froms = (peer_strings_t){o->info_from_list, 0, MAX_INFOS};
  const peer_option_t table[] = {
      {"--list", PEER_STRING, &o->list}, {"--image-topic", PEER_STRING, &o->image_topic},
      {"--info", PEER_STRINGS, &o->infos}, {"--info-from", PEER_STRINGS, &o->info_froms},
      {"--info-topic", PEER_STRING, &o->info_topic},
      {"--right-image-topic", PEER_STRING, &o->right_image_topic}, {"--right-info", PEER_STRING, &o->right_info},
      {"--right-info-topic", PEER_STRING, &o->right_info_topic}, {"--frame-id", PEER_STRING, &o->frame_id},
      {"--right-frame-id", PEER_STRING, &o->right_frame_id}, {"--rate", PEER_DOUBLE, &o->rate},
      {"--count", PEER_LONG, &o->count}, {"--reliable", PEER_FLAG, &o->reliable}, {"--depth", PEER_LONG, &o->depth},
      {"--wait-subscribers", PEER_LONG, &o->wait_subscribers}, {"--wait-timeout", PEER_LONG, &o->wait_timeout_s},
      {"--settle-ms", PEER_LONG, &o->settle_ms}, {"--info-lead-ms", PEER_LONG, &o->info_lead_ms},
      {"--linger-ms", PEER_LONG, &o->linger_ms}};
  const char *usage = "usage: gpuvo_camera --list FILE [--image-topic T] [--info FILE [--info-from N]]... "
                      "[--info-topic T] "
                      "[--right-image-topic T --right-info FILE --right-info-topic T] [--frame-id ID] "
                      "[--right-frame-id ID] [--rate HZ] [--count N] [--reliable] [--depth N] [--wait-subscribers N] "
                      "[--wait-timeout S] [--settle-ms MS] [--info-lead-ms MS] [--linger-ms MS] (see the header of "
                      "gpuvo_camera.c)";
  peer_parse_options(argc, argv, table, (int) (sizeof table / sizeof table[0]), usage);
  if (o->list == NULL)
    peer_fail("--list is required\n%s", usage);
  if (!(o->rate > 0))
    peer_fail("--rate must be positive");
  if (o->depth < 1 || o->depth > 100000)
    peer_fail("--depth must be 1..100000");
  if (o->info_froms.count > 0 && o->info_froms.count != o->infos.count)
    peer_fail("--info-from goes with an --info: %d --info-from for %d --info", o->info_froms.count, o->infos.count);
  if (o->infos.count > 1 && o->info_froms.count == 0)
    peer_fail("several --info need an --info-from each");
  for (int k = 0; k < o->info_froms.count; k++) {
    o->info_from[k] = peer_parse_long(o->info_froms.items[k], "--info-from");
    if (k > 0 && o->info_from[k] <= o->info_from[k - 1])
      peer_fail("--info-from must increase from one --info to the next, got %lld after %lld", o->info_from[k],
                o->info_from[k - 1]);
  }
  if (o->info_topic == NULL && o->infos.count > 0)
    o->info_topic = default_info_topic(o->image_topic);
  if (o->right_image_topic != NULL && o->right_info_topic == NULL && o->right_info != NULL)
    o->right_info_topic = default_info_topic(o->right_image_topic);
  if (o->right_info != NULL && o->right_image_topic == NULL)
    peer_fail("--right-info needs --right-image-topic");
}

/* Which --info goes with frame i: the last one whose --info-from is at most i; -1 for none. */
static int info_of_frame(const options_t *o, size_t i)
{
  int chosen = -1;
  for (int k = 0; k < o->infos.count; k++)
    if ((long long) i >= o->info_from[k])
      chosen = k;
  return chosen;
}

static void sleep_until(int64_t monotonic_ns)
{
  struct timespec ts = {(time_t) (monotonic_ns / 1000000000LL), (long) (monotonic_ns % 1000000000LL)};
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
  }
}

static void fill_header(std_msgs_msg_dds__Header_ *h, int64_t stamp_ns, const char *frame_id)
{
  h->stamp.sec = (int32_t) (stamp_ns / 1000000000LL);
  h->stamp.nanosec = (uint32_t) (stamp_ns % 1000000000LL);
  h->frame_id = (char *) frame_id;
}

static void write_info(dds_entity_t writer, const camera_info_t *info, int64_t stamp_ns, const char *frame_id)
{
  sensor_msgs_msg_dds__CameraInfo_ msg;
  memset(&msg, 0, sizeof msg);
  fill_header(&msg.header, stamp_ns, frame_id);
  msg.height = info->height;
  msg.width = info->width;
  msg.distortion_model = info->distortion_model;
  msg.d._length = msg.d._maximum = info->n_d;
  msg.d._buffer = (double *) info->d;
  msg.d._release = false;
  memcpy(msg.k, info->k, sizeof msg.k);
  memcpy(msg.r, info->r, sizeof msg.r);
  memcpy(msg.p, info->p, sizeof msg.p);
  msg.binning_x = info->binning_x;
  msg.binning_y = info->binning_y;
  msg.roi = info->roi;
  PEER_CHECK(dds_write(writer, &msg), "dds_write camera info");
}

static void write_image(dds_entity_t writer, const frame_t *fr, const uint8_t *data, size_t size, const char *frame_id)
{
  sensor_msgs_msg_dds__Image_ msg;
  memset(&msg, 0, sizeof msg);
  fill_header(&msg.header, fr->stamp_ns, frame_id);
  msg.height = fr->height;
  msg.width = fr->width;
  msg.encoding = fr->encoding;
  msg.is_bigendian = 0;
  msg.step = fr->step;
  msg.data._length = msg.data._maximum = (uint32_t) size;
  msg.data._buffer = (uint8_t *) data;
  msg.data._release = false;
  PEER_CHECK(dds_write(writer, &msg), "dds_write image");
}

int main(int argc, char **argv)
{
  options_t o;
  parse_options(argc, argv, &o);
  int stereo = o.right_image_topic != NULL;

  frame_t *frames;
  size_t n = read_list(o.list, stereo, &frames);
  if (o.count >= 0 && (size_t) o.count < n)
    n = (size_t) o.count;
  static camera_info_t infos[MAX_INFOS], right_info;
  for (int k = 0; k < o.infos.count; k++)
    read_camera_info(o.infos.items[k], &infos[k]);
  if (o.right_info != NULL)
    read_camera_info(o.right_info, &right_info);

  dds_entity_t participant = dds_create_participant(peer_domain_id(), NULL, NULL);
  PEER_CHECK(participant, "dds_create_participant");
  dds_qos_t *qos = peer_qos(o.reliable, (int32_t) o.depth);
  dds_entity_t writers[4];
  int n_writers = 0;
  dds_entity_t image_writer = peer_writer(participant, &sensor_msgs_msg_dds__Image__desc, o.image_topic, qos);
  writers[n_writers++] = image_writer;
  dds_entity_t info_writer = 0, right_writer = 0, right_info_writer = 0;
  if (o.infos.count > 0)
    writers[n_writers++] = info_writer =
        peer_writer(participant, &sensor_msgs_msg_dds__CameraInfo__desc, o.info_topic, qos);
  if (stereo)
    writers[n_writers++] = right_writer =
        peer_writer(participant, &sensor_msgs_msg_dds__Image__desc, o.right_image_topic, qos);
  if (o.right_info != NULL)
    writers[n_writers++] = right_info_writer =
        peer_writer(participant, &sensor_msgs_msg_dds__CameraInfo__desc, o.right_info_topic, qos);
  dds_delete_qos(qos);

  if (o.wait_subscribers > 0) {
    peer_wait_for_readers("gpuvo_camera", writers, n_writers, o.wait_subscribers, o.wait_timeout_s);
    peer_sleep_ms(o.settle_ms);
    printf("matched %lld\n", o.wait_subscribers);
    fflush(stdout);
  }

  if (o.info_lead_ms > 0 && n > 0) {
    int info = info_of_frame(&o, 0);
    if (info >= 0)
      write_info(info_writer, &infos[info], frames[0].stamp_ns, o.frame_id);
    if (right_info_writer && (info >= 0 || o.infos.count == 0))
      write_info(right_info_writer, &right_info, frames[0].stamp_ns, o.right_frame_id);
    peer_sleep_ms(o.info_lead_ms);
  }

  const int64_t period = (int64_t) (1e9 / o.rate);
  const int64_t start = peer_monotonic_ns();
  for (size_t i = 0; i < n; i++) {
    sleep_until(start + (int64_t) i * period);
    const frame_t *fr = &frames[i];
    int info = info_of_frame(&o, i);
    if (info >= 0)
      write_info(info_writer, &infos[info], fr->stamp_ns, o.frame_id);
    if (right_info_writer && (info >= 0 || o.infos.count == 0))
      write_info(right_info_writer, &right_info, fr->stamp_ns, o.right_frame_id);
    int64_t now = peer_monotonic_ns();
    write_image(image_writer, fr, fr->left, fr->left_size, o.frame_id);
    if (right_writer)
      write_image(right_writer, fr, fr->right, fr->right_size, o.right_frame_id);
    printf("published %lld %lld\n", (long long) fr->stamp_ns, (long long) now);
    fflush(stdout);
  }
  /* reliable writers keep unacknowledged samples for a while when deleted; this also gives best effort readers the
   * time to take the last frames before the participant disappears */
  peer_sleep_ms(o.linger_ms);
  PEER_CHECK(dds_delete(participant), "dds_delete");
  printf("done %zu\n", n);
  return 0;
}
