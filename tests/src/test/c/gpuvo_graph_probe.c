/*
 * gpuvo_graph_probe: what a ROS 2 tool sees of a node in the graph, on Eclipse Cyclone DDS. It reads
 * ros_discovery_info (rmw_dds_common/msg/ParticipantEntitiesInfo, built from the IDL of one gid layout: the program
 * is compiled once per layout) with rmw's QoS (reliable, transient local, keep all) and Cyclone's built-in
 * DCPSPublication and DCPSSubscription topics, until the announced node's reader and writer gids have all been
 * discovered as endpoints and nothing has changed for --settle-ms. Then it prints, one per line:
 *
 *   participant HEX                 the announced participant gid, every byte of it
 *   node NAMESPACE NAME             the node that was looked for
 *   reader HEX / writer HEX         its announced gids, every byte of each
 *   publication KEY PARTICIPANT TOPIC TYPE USER_DATA   every discovered remote writer (GUIDs as 32 hex
 *                                                      digits, USER_DATA as a token, "" where it has none)
 *   subscription KEY PARTICIPANT TOPIC TYPE USER_DATA  every discovered remote reader
 *   participant_user_data KEY USER_DATA      every discovered remote participant
 *   done
 *
 * Usage: gpuvo_graph_probe --node NAME [--namespace NS] [--timeout S] [--settle-ms MS]
 * Exit status 0, 2 for bad usage, 3 when the node was not announced (or not discovered) within the timeout.
 */
#define _POSIX_C_SOURCE 200809L
#include "peer_common.h"
#include "rmw_dds_common.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ENDPOINTS 256
#define GID_BYTES ((int) sizeof(((rmw_dds_common_msg_dds__Gid_ *) 0)->data))

typedef struct {
  dds_guid_t key, participant;
  char topic[256], type[256], user_data[256];
} endpoint_t;

typedef struct {
  endpoint_t items[MAX_ENDPOINTS];
  int n;
} endpoints_t;

/* the last announcement that held the node, kept as its own copy */
typedef struct {
  int found;
  uint8_t participant[GID_BYTES];
  uint8_t readers[MAX_ENDPOINTS][GID_BYTES], writers[MAX_ENDPOINTS][GID_BYTES];
  uint32_t n_readers, n_writers;
} announced_t;

static void print_hex(const uint8_t *bytes, int n)
{
  for (int i = 0; i < n; i++)
    printf("%02x", bytes[i]);
}

/* Adds newly discovered endpoints; returns how many were new. */
static int take_endpoints(dds_entity_t reader, endpoints_t *all)
{
  int added = 0;
  for (;;) {
    void *samples[16] = {NULL};
    dds_sample_info_t infos[16];
    dds_return_t n = dds_take(reader, samples, infos, 16, 16);
    PEER_CHECK(n, "dds_take built-in topic");
    if (n == 0)
      return added;
    for (int i = 0; i < n; i++) {
      const dds_builtintopic_endpoint_t *e = samples[i];
      if (!infos[i].valid_data || all->n >= MAX_ENDPOINTS)
        continue;
      int known = 0;
      for (int j = 0; j < all->n && !known; j++)
        known = memcmp(&all->items[j].key, &e->key, sizeof e->key) == 0;
      if (known)
        continue;
      endpoint_t *x = &all->items[all->n++];
      x->key = e->key;
      x->participant = e->participant_key;
      snprintf(x->topic, sizeof x->topic, "%s", e->topic_name);
      snprintf(x->type, sizeof x->type, "%s", e->type_name);
      void *user_data = NULL;
      size_t size = 0;
      x->user_data[0] = '\0';
      if (e->qos != NULL && dds_qget_userdata(e->qos, &user_data, &size) && user_data != NULL) {
        size_t n = size < sizeof x->user_data - 1 ? size : sizeof x->user_data - 1;
        memcpy(x->user_data, user_data, n);
        x->user_data[n] = '\0';
        dds_free(user_data);
      }
      added++;
    }
    PEER_CHECK(dds_return_loan(reader, samples, n), "dds_return_loan built-in topic");
  }
}

static int same_string(const char *a, const char *b)
{
  return strcmp(a == NULL ? "" : a, b == NULL ? "" : b) == 0;
}

/* Keeps the newest announcement that holds the node; returns whether there was a new one. */
static int take_announcements(dds_entity_t reader, const char *ns, const char *name, announced_t *last)
{
  int changed = 0;
  for (;;) {
    void *samples[8] = {NULL};
    dds_sample_info_t infos[8];
    dds_return_t n = dds_take(reader, samples, infos, 8, 8);
    PEER_CHECK(n, "dds_take ros_discovery_info");
    if (n == 0)
      return changed;
    for (int i = 0; i < n; i++) {
      const rmw_dds_common_msg_dds__ParticipantEntitiesInfo_ *m = samples[i];
      if (!infos[i].valid_data)
        continue;
      for (uint32_t k = 0; k < m->node_entities_info_seq._length; k++) {
        const rmw_dds_common_msg_dds__NodeEntitiesInfo_ *node = &m->node_entities_info_seq._buffer[k];
        if (!same_string(node->node_namespace, ns) || !same_string(node->node_name, name))
          continue;
        last->found = 1;
        memcpy(last->participant, m->gid.data, GID_BYTES);
        last->n_readers = node->reader_gid_seq._length < MAX_ENDPOINTS ? node->reader_gid_seq._length
                                                                      : MAX_ENDPOINTS;
        last->n_writers = node->writer_gid_seq._length < MAX_ENDPOINTS ? node->writer_gid_seq._length
                                                                      : MAX_ENDPOINTS;
        for (uint32_t r = 0; r < last->n_readers; r++)
          memcpy(last->readers[r], node->reader_gid_seq._buffer[r].data, GID_BYTES);
        for (uint32_t w = 0; w < last->n_writers; w++)
          memcpy(last->writers[w], node->writer_gid_seq._buffer[w].data, GID_BYTES);
        changed = 1;
      }
    }
    PEER_CHECK(dds_return_loan(reader, samples, n), "dds_return_loan ros_discovery_info");
  }
}

/* Whether every gid (its GUID, the first 16 bytes) is among the endpoints. */
static int all_discovered(uint8_t gids[][GID_BYTES], uint32_t n, const endpoints_t *endpoints)
{
  for (uint32_t i = 0; i < n; i++) {
    int seen = 0;
    for (int j = 0; j < endpoints->n && !seen; j++)
      seen = memcmp(endpoints->items[j].key.v, gids[i], 16) == 0;
    if (!seen)
      return 0;
  }
  return 1;
}

static void print_endpoints(const char *kind, const endpoints_t *all)
{
  for (int i = 0; i < all->n; i++) {
    printf("%s ", kind);
    print_hex(all->items[i].key.v, 16);
    putchar(' ');
    print_hex(all->items[i].participant.v, 16);
    putchar(' ');
    peer_print_token(stdout, all->items[i].topic);
    putchar(' ');
    peer_print_token(stdout, all->items[i].type);
    putchar(' ');
    peer_print_token(stdout, all->items[i].user_data);
    putchar('\n');
  }
}

/* Prints each remote participant's USER_DATA once. */
static void take_participants(dds_entity_t reader, dds_guid_t *seen, int *n_seen, int max)
{
  for (;;) {
    void *samples[8] = {NULL};
    dds_sample_info_t infos[8];
    dds_return_t n = dds_take(reader, samples, infos, 8, 8);
    PEER_CHECK(n, "dds_take DCPSParticipant");
    if (n == 0)
      return;
    for (int i = 0; i < n; i++) {
      const dds_builtintopic_participant_t *p = samples[i];
      int known = 0;
      for (int j = 0; j < *n_seen && !known; j++)
        known = memcmp(&seen[j], &p->key, sizeof p->key) == 0;
      if (!infos[i].valid_data || known || *n_seen >= max)
        continue;
      seen[(*n_seen)++] = p->key;
      char text[256] = "";
      void *user_data = NULL;
      size_t size = 0;
      if (p->qos != NULL && dds_qget_userdata(p->qos, &user_data, &size) && user_data != NULL) {
        size_t k = size < sizeof text - 1 ? size : sizeof text - 1;
        memcpy(text, user_data, k);
        text[k] = '\0';
        dds_free(user_data);
      }
      fputs("participant_user_data ", stdout);
      print_hex(p->key.v, 16);
      putchar(' ');
      peer_print_token(stdout, text);
      putchar('\n');
    }
    PEER_CHECK(dds_return_loan(reader, samples, n), "dds_return_loan DCPSParticipant");
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
  const char *name = NULL, *ns = "/";
  long long timeout_s = 60, settle_ms = 1500;
  const peer_option_t options[] = {
      {"--node", PEER_STRING, &name},
      {"--namespace", PEER_STRING, &ns},
      {"--timeout", PEER_LONG, &timeout_s},
      {"--settle-ms", PEER_LONG, &settle_ms},
  };
  const char *usage = "usage: gpuvo_graph_probe --node NAME [--namespace NS] [--timeout S] [--settle-ms MS]";
  peer_parse_options(argc, argv, options, 4, usage);
  if (name == NULL)
    peer_fail("%s", usage);

  dds_entity_t participant = dds_create_participant(peer_domain_id(), NULL, NULL);
  PEER_CHECK(participant, "dds_create_participant");
  dds_entity_t topic = dds_create_topic(participant, &rmw_dds_common_msg_dds__ParticipantEntitiesInfo__desc,
                                        "ros_discovery_info", NULL, NULL);
  PEER_CHECK(topic, "dds_create_topic ros_discovery_info");
  dds_qos_t *qos = dds_create_qos();
  dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_SECS(1));
  dds_qset_durability(qos, DDS_DURABILITY_TRANSIENT_LOCAL);
  dds_qset_history(qos, DDS_HISTORY_KEEP_ALL, 0);
  dds_entity_t info = dds_create_reader(participant, topic, qos, NULL);
  PEER_CHECK(info, "dds_create_reader ros_discovery_info");
  dds_delete_qos(qos);
  dds_entity_t pubs_reader = dds_create_reader(participant, DDS_BUILTIN_TOPIC_DCPSPUBLICATION, NULL, NULL);
  PEER_CHECK(pubs_reader, "dds_create_reader DCPSPublication");
  dds_entity_t subs_reader = dds_create_reader(participant, DDS_BUILTIN_TOPIC_DCPSSUBSCRIPTION, NULL, NULL);
  PEER_CHECK(subs_reader, "dds_create_reader DCPSSubscription");
  dds_entity_t participants_reader = dds_create_reader(participant, DDS_BUILTIN_TOPIC_DCPSPARTICIPANT, NULL, NULL);
  PEER_CHECK(participants_reader, "dds_create_reader DCPSParticipant");
  dds_entity_t waitset = dds_create_waitset(participant);
  PEER_CHECK(waitset, "dds_create_waitset");
  attach(waitset, info);
  attach(waitset, pubs_reader);
  attach(waitset, subs_reader);
  puts("ready");
  fflush(stdout);

  static announced_t last;
  static endpoints_t publications, subscriptions;
  int64_t deadline = peer_monotonic_ns() + timeout_s * 1000000000LL;
  int64_t last_change = peer_monotonic_ns();
  int complete = 0;
  for (;;) {
    int changed = take_announcements(info, ns, name, &last);
    changed |= take_endpoints(pubs_reader, &publications) > 0;
    changed |= take_endpoints(subs_reader, &subscriptions) > 0;
    int64_t now = peer_monotonic_ns();
    if (changed)
      last_change = now;
    complete = last.found && all_discovered(last.readers, last.n_readers, &subscriptions)
               && all_discovered(last.writers, last.n_writers, &publications);
    if ((complete && now - last_change >= settle_ms * 1000000LL) || now >= deadline)
      break;
    PEER_CHECK(dds_waitset_wait(waitset, NULL, 0, DDS_MSECS(100)), "dds_waitset_wait");
  }
  if (last.found) {
    fputs("participant ", stdout);
    print_hex(last.participant, GID_BYTES);
    printf("\nnode ");
    peer_print_token(stdout, ns);
    putchar(' ');
    peer_print_token(stdout, name);
    putchar('\n');
    for (uint32_t r = 0; r < last.n_readers; r++) {
      fputs("reader ", stdout);
      print_hex(last.readers[r], GID_BYTES);
      putchar('\n');
    }
    for (uint32_t w = 0; w < last.n_writers; w++) {
      fputs("writer ", stdout);
      print_hex(last.writers[w], GID_BYTES);
      putchar('\n');
    }
  }
  static dds_guid_t participants[MAX_ENDPOINTS];
  int n_participants = 0;
  take_participants(participants_reader, participants, &n_participants, MAX_ENDPOINTS);
  print_endpoints("publication", &publications);
  print_endpoints("subscription", &subscriptions);
  puts("done");
  fflush(stdout);
  if (!complete)
    fprintf(stderr, "gpuvo_graph_probe: %s within %lld s\n", last.found ? "the node's endpoints were not all "
            "discovered" : "the node was not announced", timeout_s);
  PEER_CHECK(dds_delete(participant), "dds_delete");
  return complete ? 0 : 3;
}
