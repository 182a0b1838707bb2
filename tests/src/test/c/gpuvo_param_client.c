/*
 * gpuvo_param_client: calls a ROS 2 node's parameter services and its ~/reset the way an rmw_cyclonedds_cpp client
 * does (what `ros2 param` and `ros2 service call` do on that middleware): requests on rq/<service>Request with the
 * client's id and the request's number ahead of the fields, replies taken from rr/<service>Reply where they carry
 * the same two (rcl_interfaces.idl declares them as the first fields). QoS: reliable, volatile, keep last 1000.
 *
 * Usage: gpuvo_param_client --node /NS/NAME [--timeout S] COMMAND...
 * Commands, run in order, each printing one or more lines:
 *   list                           "name NAME" per parameter, then "listed N"
 *   get NAME                       "value NAME TYPE TEXT" (TYPE: rcl_interfaces ParameterType), or "value NAME unset"
 *   set NAME KIND VALUE            "set NAME ok" or "set NAME refused REASON" (KIND: bool, int, double, string)
 *   set-atomic NAME KIND VALUE     the same through set_parameters_atomically
 *   describe NAME                  "describe NAME TYPE read_only=0|1 CONSTRAINTS"
 *   types NAME                     "type NAME TYPE"
 *   reset                          calls <node>/reset (std_srvs/srv/Empty): "reset ok"
 *   sleep MS                       waits
 * Tokens print as peer_print_token writes them. Exit status 0; 2 bad usage; 3 when a reply does not come within the
 * timeout (default 30 s per call, which includes waiting for the service to be matched).
 */
#define _POSIX_C_SOURCE 200809L
#include "peer_common.h"
#include "rcl_interfaces.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  dds_entity_t writer, reader;
  uint64_t client_id;
} client_t;

static dds_entity_t participant;
static const char *node = NULL;
static long long timeout_s = 30;
static int64_t next_number = 0;

static dds_qos_t *service_qos(void)
{
  dds_qos_t *qos = dds_create_qos();
  dds_qset_reliability(qos, DDS_RELIABILITY_RELIABLE, DDS_SECS(1));
  dds_qset_durability(qos, DDS_DURABILITY_VOLATILE);
  dds_qset_history(qos, DDS_HISTORY_KEEP_LAST, 1000);
  return qos;
}

/* Opens the request writer and reply reader of <node>/<service> and waits until both are matched with the node. */
static client_t open_client(const char *service, const dds_topic_descriptor_t *request,
                            const dds_topic_descriptor_t *reply)
{
  char name[512];
  client_t c;
  dds_qos_t *qos = service_qos();
  snprintf(name, sizeof name, "rq%s/%sRequest", node, service);
  dds_entity_t topic = dds_create_topic(participant, request, name, NULL, NULL);
  PEER_CHECK(topic, name);
  c.writer = dds_create_writer(participant, topic, qos, NULL);
  PEER_CHECK(c.writer, name);
  snprintf(name, sizeof name, "rr%s/%sReply", node, service);
  topic = dds_create_topic(participant, reply, name, NULL, NULL);
  PEER_CHECK(topic, name);
  c.reader = dds_create_reader(participant, topic, qos, NULL);
  PEER_CHECK(c.reader, name);
  dds_delete_qos(qos);
  dds_instance_handle_t handle;
  PEER_CHECK(dds_get_instance_handle(c.writer, &handle), "dds_get_instance_handle");
  c.client_id = handle; /* what rmw_cyclonedds_cpp puts in the header: its request writer's instance handle */
  int64_t deadline = peer_monotonic_ns() + timeout_s * 1000000000LL;
  for (;;) {
    dds_publication_matched_status_t pm;
    dds_subscription_matched_status_t sm;
    PEER_CHECK(dds_get_publication_matched_status(c.writer, &pm), "dds_get_publication_matched_status");
    PEER_CHECK(dds_get_subscription_matched_status(c.reader, &sm), "dds_get_subscription_matched_status");
    if (pm.current_count > 0 && sm.current_count > 0)
      return c;
    if (peer_monotonic_ns() > deadline) {
      fprintf(stderr, "gpuvo_param_client: %s%s/%s not matched within %lld s\n", "", node, service, timeout_s);
      exit(3);
    }
    peer_sleep_ms(20);
  }
}

/* Writes the request (whose first two fields are the header) and takes replies until one carries the header. The
 * reply is the caller's to free with dds_return_loan semantics: it is copied into *reply, a sample of the type. */
static void call(client_t *c, void *request, void *reply)
{
  uint64_t *id = request;
  int64_t *number = (int64_t *) ((char *) request + 8);
  *id = c->client_id;
  *number = ++next_number;
  PEER_CHECK(dds_write(c->writer, request), "dds_write request");
  int64_t deadline = peer_monotonic_ns() + timeout_s * 1000000000LL;
  for (;;) {
    void *samples[1] = {reply};
    dds_sample_info_t info;
    dds_return_t n = dds_take(c->reader, samples, &info, 1, 1);
    PEER_CHECK(n, "dds_take reply");
    if (n == 1 && info.valid_data && *(uint64_t *) reply == c->client_id
        && *(int64_t *) ((char *) reply + 8) == *number)
      return;
    if (peer_monotonic_ns() > deadline) {
      fprintf(stderr, "gpuvo_param_client: no reply to request %lld within %lld s\n", (long long) *number,
              timeout_s);
      exit(3);
    }
    if (n == 0)
      peer_sleep_ms(5);
  }
}

/* A sequence of the one string *name points to (the pointer must outlive the sequence). */
static dds_sequence_string one_name(const char **name)
{
  dds_sequence_string names;
  names._maximum = names._length = 1;
  names._buffer = (char **) name;
  names._release = false;
  return names;
}

static void print_value(const char *name, const rcl_interfaces_msg_dds__ParameterValue_ *v)
{
  fputs("value ", stdout);
  peer_print_token(stdout, name);
  printf(" %u ", v->type);
  char text[64];
  switch (v->type) {
    case 1: fputs(v->bool_value ? "true" : "false", stdout); break;
    case 2: printf("%lld", (long long) v->integer_value); break;
    case 3: snprintf(text, sizeof text, "%.17g", v->double_value); fputs(text, stdout); break;
    case 4: peer_print_token(stdout, v->string_value); break;
    default: printf("(%u-element array)", v->type == 9 ? v->string_array_value._length
                                                      : v->type == 8 ? v->double_array_value._length
                                                      : v->type == 7 ? v->integer_array_value._length
                                                      : v->type == 6 ? v->bool_array_value._length
                                                      : v->byte_array_value._length);
  }
  putchar('\n');
}

static rcl_interfaces_msg_dds__ParameterValue_ parse_value(const char *kind, const char *text)
{
  rcl_interfaces_msg_dds__ParameterValue_ v;
  memset(&v, 0, sizeof v);
  v.string_value = "";
  if (strcmp(kind, "bool") == 0) {
    v.type = 1;
    v.bool_value = strcmp(text, "true") == 0;
  } else if (strcmp(kind, "int") == 0) {
    v.type = 2;
    v.integer_value = strtoll(text, NULL, 10);
  } else if (strcmp(kind, "double") == 0) {
    v.type = 3;
    v.double_value = peer_parse_double(text, "double value");
  } else if (strcmp(kind, "string") == 0) {
    v.type = 4;
    v.string_value = (char *) text;
  } else {
    peer_fail("unknown value kind %s (bool, int, double, string)", kind);
  }
  return v;
}

static void print_result(const char *command, const char *name,
                         const rcl_interfaces_msg_dds__SetParametersResult_ *r)
{
  printf("%s ", command);
  peer_print_token(stdout, name);
  if (r->successful) {
    puts(" ok");
  } else {
    fputs(" refused ", stdout);
    peer_print_token(stdout, r->reason);
    putchar('\n');
  }
}

static void need(int argc, int i, int n, const char *command)
{
  if (i + n >= argc)
    peer_fail("%s needs %d argument(s)", command, n);
}

int main(int argc, char **argv)
{
  int i = 1;
  for (; i + 1 < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
    if (strcmp(argv[i], "--node") == 0)
      node = argv[i + 1];
    else if (strcmp(argv[i], "--timeout") == 0)
      timeout_s = peer_parse_long(argv[i + 1], "--timeout");
    else
      peer_fail("unknown option %s", argv[i]);
  }
  if (node == NULL || node[0] != '/')
    peer_fail("usage: gpuvo_param_client --node /NS/NAME [--timeout S] COMMAND...");
  participant = dds_create_participant(peer_domain_id(), NULL, NULL);
  PEER_CHECK(participant, "dds_create_participant");
  client_t list = {0}, get = {0}, set = {0}, atomic = {0}, describe = {0}, types = {0}, reset = {0};

  for (; i < argc; i++) {
    const char *command = argv[i];
    if (strcmp(command, "list") == 0) {
      if (list.writer == 0)
        list = open_client("list_parameters", &rcl_interfaces_srv_dds__ListParameters_Request__desc,
                           &rcl_interfaces_srv_dds__ListParameters_Response__desc);
      rcl_interfaces_srv_dds__ListParameters_Request_ request;
      memset(&request, 0, sizeof request);
      rcl_interfaces_srv_dds__ListParameters_Response_ reply;
      memset(&reply, 0, sizeof reply);
      call(&list, &request, &reply);
      for (uint32_t k = 0; k < reply.result.names._length; k++) {
        fputs("name ", stdout);
        peer_print_token(stdout, reply.result.names._buffer[k]);
        putchar('\n');
      }
      printf("listed %u\n", reply.result.names._length);
      rcl_interfaces_srv_dds__ListParameters_Response__free(&reply, DDS_FREE_CONTENTS);
    } else if (strcmp(command, "get") == 0 || strcmp(command, "describe") == 0 || strcmp(command, "types") == 0) {
      need(argc, i, 1, command);
      const char *name = argv[++i];
      if (command[0] == 'g') {
        if (get.writer == 0)
          get = open_client("get_parameters", &rcl_interfaces_srv_dds__GetParameters_Request__desc,
                            &rcl_interfaces_srv_dds__GetParameters_Response__desc);
        rcl_interfaces_srv_dds__GetParameters_Request_ request = {0, 0, one_name(&name)};
        rcl_interfaces_srv_dds__GetParameters_Response_ reply;
        memset(&reply, 0, sizeof reply);
        call(&get, &request, &reply);
        if (reply.values._length == 1) {
          print_value(name, &reply.values._buffer[0]);
        } else {
          fputs("value ", stdout);
          peer_print_token(stdout, name);
          puts(" unset");
        }
        rcl_interfaces_srv_dds__GetParameters_Response__free(&reply, DDS_FREE_CONTENTS);
      } else if (command[0] == 'd') {
        if (describe.writer == 0)
          describe = open_client("describe_parameters", &rcl_interfaces_srv_dds__DescribeParameters_Request__desc,
                                 &rcl_interfaces_srv_dds__DescribeParameters_Response__desc);
        rcl_interfaces_srv_dds__DescribeParameters_Request_ request = {0, 0, one_name(&name)};
        rcl_interfaces_srv_dds__DescribeParameters_Response_ reply;
        memset(&reply, 0, sizeof reply);
        call(&describe, &request, &reply);
        for (uint32_t k = 0; k < reply.descriptors._length; k++) {
          const rcl_interfaces_msg_dds__ParameterDescriptor_ *d = &reply.descriptors._buffer[k];
          fputs("describe ", stdout);
          peer_print_token(stdout, d->name);
          printf(" %u read_only=%d ", d->type, d->read_only ? 1 : 0);
          peer_print_token(stdout, d->additional_constraints);
          putchar('\n');
        }
        rcl_interfaces_srv_dds__DescribeParameters_Response__free(&reply, DDS_FREE_CONTENTS);
      } else {
        if (types.writer == 0)
          types = open_client("get_parameter_types", &rcl_interfaces_srv_dds__GetParameterTypes_Request__desc,
                              &rcl_interfaces_srv_dds__GetParameterTypes_Response__desc);
        rcl_interfaces_srv_dds__GetParameterTypes_Request_ request = {0, 0, one_name(&name)};
        rcl_interfaces_srv_dds__GetParameterTypes_Response_ reply;
        memset(&reply, 0, sizeof reply);
        call(&types, &request, &reply);
        fputs("type ", stdout);
        peer_print_token(stdout, name);
        printf(" %u\n", reply.types._length == 1 ? reply.types._buffer[0] : 255u);
        rcl_interfaces_srv_dds__GetParameterTypes_Response__free(&reply, DDS_FREE_CONTENTS);
      }
    } else if (strcmp(command, "set") == 0 || strcmp(command, "set-atomic") == 0) {
      need(argc, i, 3, command);
      const char *name = argv[i + 1];
      rcl_interfaces_msg_dds__Parameter_ parameter = {(char *) name, parse_value(argv[i + 2], argv[i + 3])};
      i += 3;
      dds_sequence_rcl_interfaces_msg_dds__Parameter_ parameters = {1, 1, &parameter, false};
      if (strcmp(command, "set") == 0) {
        if (set.writer == 0)
          set = open_client("set_parameters", &rcl_interfaces_srv_dds__SetParameters_Request__desc,
                            &rcl_interfaces_srv_dds__SetParameters_Response__desc);
        rcl_interfaces_srv_dds__SetParameters_Request_ request = {0, 0, parameters};
        rcl_interfaces_srv_dds__SetParameters_Response_ reply;
        memset(&reply, 0, sizeof reply);
        call(&set, &request, &reply);
        if (reply.results._length != 1)
          peer_fail("set_parameters answered %u results for one parameter", reply.results._length);
        print_result(command, name, &reply.results._buffer[0]);
        rcl_interfaces_srv_dds__SetParameters_Response__free(&reply, DDS_FREE_CONTENTS);
      } else {
        if (atomic.writer == 0)
          atomic = open_client("set_parameters_atomically",
                               &rcl_interfaces_srv_dds__SetParametersAtomically_Request__desc,
                               &rcl_interfaces_srv_dds__SetParametersAtomically_Response__desc);
        rcl_interfaces_srv_dds__SetParametersAtomically_Request_ request = {0, 0, parameters};
        rcl_interfaces_srv_dds__SetParametersAtomically_Response_ reply;
        memset(&reply, 0, sizeof reply);
        call(&atomic, &request, &reply);
        print_result(command, name, &reply.result);
        rcl_interfaces_srv_dds__SetParametersAtomically_Response__free(&reply, DDS_FREE_CONTENTS);
      }
    } else if (strcmp(command, "reset") == 0) {
      if (reset.writer == 0)
        reset = open_client("reset", &std_srvs_srv_dds__Empty_Request__desc, &std_srvs_srv_dds__Empty_Response__desc);
      std_srvs_srv_dds__Empty_Request_ request = {0, 0, 0};
      std_srvs_srv_dds__Empty_Response_ reply;
      call(&reset, &request, &reply);
      puts("reset ok");
    } else if (strcmp(command, "sleep") == 0) {
      need(argc, i, 1, command);
      peer_sleep_ms(peer_parse_long(argv[++i], "sleep"));
    } else {
      peer_fail("unknown command %s", command);
    }
    fflush(stdout);
  }
  puts("done");
  fflush(stdout);
  PEER_CHECK(dds_delete(participant), "dds_delete");
  return 0;
}
