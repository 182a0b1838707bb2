/*
 * What gpuvo_camera and gpuvo_consumer share: the domain id from ROS_DOMAIN_ID, ROS topic names mapped to DDS
 * topic names, QoS, the monotonic clock both print, and checked error exits.
 */
#ifndef GPUVO_PEER_COMMON_H
#define GPUVO_PEER_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include "dds/dds.h"

/* Exits with a message naming what failed when a DDS call returned a negative code. */
#define PEER_CHECK(rc, what) peer_check((int64_t) (rc), (what), __FILE__, __LINE__)
void peer_check(int64_t rc, const char *what, const char *file, int line);

/* Prints "<program>: <message>" on stderr and exits with status 2 (bad command line or input). */
void peer_fail(const char *fmt, ...);

/* ROS_DOMAIN_ID (0..232, default 0), as ROS 2's rmw layer reads it. */
dds_domainid_t peer_domain_id(void);

/* "rt/" + the ROS topic without its leading slash ("/tf" -> "rt/tf"), as ROS 2 names DDS topics. Caller frees. */
char *peer_dds_topic(const char *ros_topic);

/* A writer / reader of a ROS topic (rt/<name>) on the participant; exits naming the topic on failure. */
dds_entity_t peer_writer(dds_entity_t participant, const dds_topic_descriptor_t *type, const char *ros_topic,
                         const dds_qos_t *qos);
dds_entity_t peer_reader(dds_entity_t participant, const dds_topic_descriptor_t *type, const char *ros_topic,
                         const dds_qos_t *qos);

/* Waits until every writer has matched n readers; after timeout_s seconds prints which and exits with status 3. */
void peer_wait_for_readers(const char *program, const dds_entity_t *writers, int n_writers, long long n,
                           long long timeout_s);

/* Sleeps, resuming after signals. */
void peer_sleep_ms(long long ms);

/* Reliable or best effort QoS with a keep-last history of the given depth, volatile durability. Caller deletes. */
dds_qos_t *peer_qos(int reliable, int32_t depth);

/* CLOCK_MONOTONIC in nanoseconds: the clock of Java's System.nanoTime on Linux, so lines of different processes on
 * one machine can be compared. */
int64_t peer_monotonic_ns(void);

/* A ROS stamp as nanoseconds since the epoch. */
int64_t peer_stamp_ns(int32_t sec, uint32_t nanosec);

/* Writes a string as one whitespace-free token: "" when empty, bytes outside 0x21..0x7e as \xHH, '\' as \\. */
void peer_print_token(FILE *out, const char *s);

/* CRC-32 (IEEE 802.3, reflected, as java.util.zip.CRC32 computes it) of n bytes. */
uint32_t peer_crc32(const uint8_t *data, size_t n);

/* Command line options, table driven: a flag sets an int to 1; the other kinds take the next argument. */
typedef enum { PEER_FLAG, PEER_STRING, PEER_LONG, PEER_DOUBLE, PEER_STRINGS } peer_option_kind_t;

/* The values of an option that may be repeated, at most max of them. */
typedef struct {
  const char **items;
  int count, max;
} peer_strings_t;

typedef struct {
  const char *name;        /* "--rate" */
  peer_option_kind_t kind;
  void *target;            /* int *, const char **, long long *, double * or peer_strings_t * */
} peer_option_t;

/* Sets the targets from argv; an unknown option or a missing or bad value ends the program with usage (status 2). */
void peer_parse_options(int argc, char **argv, const peer_option_t *options, int n_options, const char *usage);

/* Parses a non-negative decimal integer or fails naming the option. */
long long peer_parse_long(const char *text, const char *option);

/* Parses a finite double or fails naming the option. */
double peer_parse_double(const char *text, const char *option);

#endif
