/*
 * gpuvo_standin_vo: a stand-in for gpuvo's node, in plain Cyclone DDS, so that the camera -> node -> consumer chain
 * of the interoperability tests can be run and timed before (and beside) the real node. It does no odometry: for the
 * i-th image it takes (i = 0, 1, ...) it publishes at once a nav_msgs/Odometry and a tf2_msgs/TFMessage stamped with
 * the image's stamp, with the pose position (i, i/2, -1/3), orientation (x, y, z, w) = (0, 0, 0.6, 0.8), the
 * covariance diagonals 1e-3 and a zero twist; values a test can check exactly after a %.17g round trip.
 *
 *   gpuvo_standin_vo [--images camera/image_raw] [--camera-info camera/camera_info] [--odom odom] [--tf tf]
 *                    [--odom-frame odom]
 *                    [--base-frame base_link] [--reliable] [--count N] [--timeout 30]
 *                    [--wait-subscribers N] [--wait-timeout 30]
 *
 * Like the node it subscribes the camera info too (and drops it: nothing here needs the calibration).
 * Images and infos are taken best effort, keep last 5 (the node's defaults) unless --reliable; odom and tf are written
 * reliable, keep last 100. --wait-subscribers N waits until both writers have matched N readers before it takes
 * images. It exits after N images (--count, 0: none) or after --timeout seconds (status 0 either way).
 *
 * stdout, one line each, flushed: "matched <n>" after waiting, "ready" when it takes images, "echoed <stamp_ns>
 * <monotonic_ns>" per image (the clock read after both writes), "done <images>" at the end.
 * The domain id comes from ROS_DOMAIN_ID (default 0); the network configuration from CYCLONEDDS_URI.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "dds/dds.h"
#include "nav_msgs.h"
#include "peer_common.h"
#include "sensor_msgs.h"
#include "tf2_msgs.h"

typedef struct {
  const char *image_topic, *info_topic, *odom_topic, *tf_topic, *odom_frame, *base_frame;
  long long count, wait_subscribers, wait_timeout_s;
  double timeout_s;
  int reliable;
} options_t;

static void parse_options(int argc, char **argv, options_t *o)
{
  memset(o, 0, sizeof *o);
  o->image_topic = "camera/image_raw";
  o->info_topic = "camera/camera_info";
  o->odom_topic = "odom";
  o->tf_topic = "tf";
  o->odom_frame = "odom";
  o->base_frame = "base_link";
  o->timeout_s = 30;
  o->wait_timeout_s = 30;
  const peer_option_t table[] = {
      {"--images", PEER_STRING, &o->image_topic}, {"--camera-info", PEER_STRING, &o->info_topic},
      {"--odom", PEER_STRING, &o->odom_topic}, {"--tf", PEER_STRING, &o->tf_topic},
      {"--odom-frame", PEER_STRING, &o->odom_frame}, {"--base-frame", PEER_STRING, &o->base_frame},
      {"--reliable", PEER_FLAG, &o->reliable}, {"--count", PEER_LONG, &o->count},
      {"--timeout", PEER_DOUBLE, &o->timeout_s}, {"--wait-subscribers", PEER_LONG, &o->wait_subscribers},
      {"--wait-timeout", PEER_LONG, &o->wait_timeout_s}};
  peer_parse_options(argc, argv, table, (int) (sizeof table / sizeof table[0]),
                     "usage: gpuvo_standin_vo [--images T] [--camera-info T] [--odom T] [--tf T] [--odom-frame F] "
                     "[--base-frame F] [--reliable] [--count N] [--timeout S] [--wait-subscribers N] [--wait-timeout S] "
                     "(see the header of gpuvo_standin_vo.c)");
}

/* Publishes the odometry and the transform of the index-th image. */
static void echo(dds_entity_t odom_writer, dds_entity_t tf_writer, const options_t *o,
                 const builtin_interfaces_msg_dds__Time_ *stamp, long index)
{
  nav_msgs_msg_dds__Odometry_ odom;
  memset(&odom, 0, sizeof odom);
  odom.header.stamp = *stamp;
  odom.header.frame_id = (char *) o->odom_frame;
  odom.child_frame_id = (char *) o->base_frame;
  geometry_msgs_msg_dds__Pose_ pose = {{(double) index, index / 2.0, -1.0 / 3.0}, {0, 0, 0.6, 0.8}};
  odom.pose.pose = pose;
  for (int i = 0; i < 6; i++)
    odom.pose.covariance[i * 7] = odom.twist.covariance[i * 7] = 1e-3;
  PEER_CHECK(dds_write(odom_writer, &odom), "dds_write odometry");

  geometry_msgs_msg_dds__TransformStamped_ transform;
  memset(&transform, 0, sizeof transform);
  transform.header = odom.header;
  transform.child_frame_id = odom.child_frame_id;
  transform.transform.translation.x = pose.position.x;
  transform.transform.translation.y = pose.position.y;
  transform.transform.translation.z = pose.position.z;
  transform.transform.rotation = pose.orientation;
  tf2_msgs_msg_dds__TFMessage_ tf;
  memset(&tf, 0, sizeof tf);
  tf.transforms._length = tf.transforms._maximum = 1;
  tf.transforms._buffer = &transform;
  tf.transforms._release = false;
  PEER_CHECK(dds_write(tf_writer, &tf), "dds_write tf");
}

int main(int argc, char **argv)
{
  options_t o;
  parse_options(argc, argv, &o);

  dds_entity_t participant = dds_create_participant(peer_domain_id(), NULL, NULL);
  PEER_CHECK(participant, "dds_create_participant");
  dds_qos_t *out_qos = peer_qos(1, 100);
  dds_entity_t writers[2] = {peer_writer(participant, &nav_msgs_msg_dds__Odometry__desc, o.odom_topic, out_qos),
                             peer_writer(participant, &tf2_msgs_msg_dds__TFMessage__desc, o.tf_topic, out_qos)};
  dds_delete_qos(out_qos);
  if (o.wait_subscribers > 0) {
    peer_wait_for_readers("gpuvo_standin_vo", writers, 2, o.wait_subscribers, o.wait_timeout_s);
    printf("matched %lld\n", o.wait_subscribers);
  }

  dds_qos_t *in_qos = peer_qos(o.reliable, 5);
  dds_entity_t reader = peer_reader(participant, &sensor_msgs_msg_dds__Image__desc, o.image_topic, in_qos);
  dds_entity_t info_reader = peer_reader(participant, &sensor_msgs_msg_dds__CameraInfo__desc, o.info_topic, in_qos);
  dds_delete_qos(in_qos);
  dds_entity_t waitset = dds_create_waitset(participant);
  PEER_CHECK(waitset, "dds_create_waitset");
  dds_entity_t condition = dds_create_readcondition(reader, DDS_ANY_STATE);
  PEER_CHECK(condition, "dds_create_readcondition");
  PEER_CHECK(dds_waitset_attach(waitset, condition, reader), "dds_waitset_attach");
  dds_entity_t info_condition = dds_create_readcondition(info_reader, DDS_ANY_STATE);
  PEER_CHECK(info_condition, "dds_create_readcondition");
  PEER_CHECK(dds_waitset_attach(waitset, info_condition, info_reader), "dds_waitset_attach");
  puts("ready");
  fflush(stdout);

  long images = 0;
  const int64_t deadline = peer_monotonic_ns() + (int64_t) (o.timeout_s * 1e9);
  while (o.count == 0 || images < o.count) {
    int64_t left = deadline - peer_monotonic_ns();
    if (left <= 0)
      break;
    PEER_CHECK(dds_waitset_wait(waitset, NULL, 0, left), "dds_waitset_wait");
    void *samples[1] = {NULL};
    dds_sample_info_t info;
    dds_return_t n = 0;
    while ((n = dds_take(info_reader, samples, &info, 1, 1)) > 0)
      PEER_CHECK(dds_return_loan(info_reader, samples, n), "dds_return_loan");
    PEER_CHECK(n, "dds_take");
    while ((o.count == 0 || images < o.count) && (n = dds_take(reader, samples, &info, 1, 1)) > 0) {
      if (info.valid_data) {
        const sensor_msgs_msg_dds__Image_ *image = samples[0];
        echo(writers[0], writers[1], &o, &image->header.stamp, images++);
        printf("echoed %lld %lld\n", (long long) peer_stamp_ns(image->header.stamp.sec, image->header.stamp.nanosec),
               (long long) peer_monotonic_ns());
        fflush(stdout);
      }
      PEER_CHECK(dds_return_loan(reader, samples, n), "dds_return_loan");
    }
    PEER_CHECK(n, "dds_take");
  }
  /* reliable writers keep unacknowledged samples a while after deletion; give them that time explicitly */
  peer_sleep_ms(500);
  printf("done %ld\n", images);
  PEER_CHECK(dds_delete(participant), "dds_delete");
  return 0;
}
