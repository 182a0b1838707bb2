/*
 * gpuvo_fastdds_client: calls a ROS 2 node's ~/reset or set_parameters service the way rmw_fastrtps_cpp (ROS 2's
 * default middleware) does, on Fast DDS: the request's fields alone on rq/<service>Request, written with its
 * reply reader's GUID as the related sample identity (rmw_fastrtps_shared_cpp src/rmw_request.cpp); a reply on
 * rr/<service>Reply counts only where its related sample identity names that reader or the request writer
 * (src/rmw_response.cpp). Loopback only: UDP on 127.0.0.1, discovery by unicast to it.
 *
 * Usage: gpuvo_fastdds_client --node /NS/NAME [--timeout S] reset
 *        gpuvo_fastdds_client --node /NS/NAME [--timeout S] set NAME int VALUE
 *        gpuvo_fastdds_client --node /NS/NAME [--timeout S] malformed
 * malformed sends set_parameters an Empty request whose one byte is 7, under SetParameters_Request_'s type name: read
 * as that type it counts 7 parameters where none follows, a request that is not of its type.
 * stdout: "matched", "sent", then "reply" (with "result ok" or "result refused REASON" for set) or "no-reply" once
 * the timeout (default 10 s) has passed after sending. Exit status 0 either way; 2 bad usage; 3 when the service
 * was not matched within 30 s.
 */
#include "ros_services.h"
#include "ros_servicesPubSubTypes.h"

#include <fastdds/dds/domain/DomainParticipant.hpp>
#include <fastdds/dds/domain/DomainParticipantFactory.hpp>
#include <fastdds/dds/publisher/DataWriter.hpp>
#include <fastdds/dds/publisher/Publisher.hpp>
#include <fastdds/dds/subscriber/DataReader.hpp>
#include <fastdds/dds/subscriber/SampleInfo.hpp>
#include <fastdds/dds/subscriber/Subscriber.hpp>
#include <fastdds/dds/topic/TypeSupport.hpp>
#include <fastdds/rtps/transport/UDPv4TransportDescriptor.h>
#include <fastrtps/rtps/common/WriteParams.h>
#include <fastrtps/utils/IPLocator.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

using namespace eprosima::fastdds::dds;
using eprosima::fastrtps::rtps::IPLocator;
using eprosima::fastrtps::rtps::Locator_t;
using eprosima::fastrtps::rtps::WriteParams;

static int fail(const std::string &message)
{
  std::cerr << "gpuvo_fastdds_client: " << message << std::endl;
  return 2;
}

static DomainParticipant *loopback_participant()
{
  const char *env = std::getenv("ROS_DOMAIN_ID");
  int domain = env != nullptr && *env != '\0' ? std::atoi(env) : 0;
  DomainParticipantQos qos;
  qos.name("gpuvo_fastdds_client");
  auto udp = std::make_shared<eprosima::fastdds::rtps::UDPv4TransportDescriptor>();
  udp->interfaceWhiteList.push_back("127.0.0.1");
  udp->maxInitialPeersRange = 20;
  qos.transport().use_builtin_transports = false;
  qos.transport().user_transports.push_back(udp);
  Locator_t peer;
  IPLocator::setIPv4(peer, "127.0.0.1");
  qos.wire_protocol().builtin.initialPeersList.push_back(peer);
  // a metatraffic locator of no address and no port: the whitelisted address and well-known port, no multicast
  qos.wire_protocol().builtin.metatrafficUnicastLocatorList.push_back(Locator_t());
  return DomainParticipantFactory::get_instance()->create_participant(domain, qos);
}

int main(int argc, char **argv)
{
  std::string node, command, name;
  long long value = 0;
  int timeout_s = 10;
  int i = 1;
  for (; i + 1 < argc && std::strncmp(argv[i], "--", 2) == 0; i += 2) {
    if (std::strcmp(argv[i], "--node") == 0)
      node = argv[i + 1];
    else if (std::strcmp(argv[i], "--timeout") == 0)
      timeout_s = std::atoi(argv[i + 1]);
    else
      return fail(std::string("unknown option ") + argv[i]);
  }
  if (i < argc)
    command = argv[i];
  if (command == "set") {
    if (i + 3 >= argc || std::strcmp(argv[i + 2], "int") != 0)
      return fail("set NAME int VALUE");
    name = argv[i + 1];
    value = std::atoll(argv[i + 3]);
  } else if (command != "reset" && command != "malformed") {
    return fail("usage: gpuvo_fastdds_client --node /NS/NAME [--timeout S] reset | set NAME int VALUE | malformed");
  }
  if (node.empty() || node[0] != '/')
    return fail("--node must be a fully qualified node name");

  DomainParticipant *participant = loopback_participant();
  if (participant == nullptr)
    return fail("Fast DDS refused the participant");
  std::string service = node + "/" + (command == "reset" ? "reset" : "set_parameters");
  bool empty_request = command != "set";
  TopicDataType *request_data = empty_request
      ? static_cast<TopicDataType *>(new std_srvs::srv::dds_::Empty_Request_PubSubType())
      : new rcl_interfaces::srv::dds_::SetParameters_Request_PubSubType();
  if (command == "malformed")
    request_data->setName("rcl_interfaces::srv::dds_::SetParameters_Request_");
  TypeSupport request_type(request_data);
  TypeSupport reply_type(command == "reset"
      ? static_cast<TopicDataType *>(new std_srvs::srv::dds_::Empty_Response_PubSubType())
      : new rcl_interfaces::srv::dds_::SetParameters_Response_PubSubType());
  request_type.register_type(participant);
  reply_type.register_type(participant);
  Topic *request_topic = participant->create_topic("rq" + service + "Request", request_type.get_type_name(),
                                                   TOPIC_QOS_DEFAULT);
  Topic *reply_topic = participant->create_topic("rr" + service + "Reply", reply_type.get_type_name(),
                                                 TOPIC_QOS_DEFAULT);
  // rmw_qos_profile_services_default: reliable, volatile, keep last 10
  DataWriterQos wqos = DATAWRITER_QOS_DEFAULT;
  wqos.reliability().kind = RELIABLE_RELIABILITY_QOS;
  wqos.durability().kind = VOLATILE_DURABILITY_QOS;
  wqos.history().kind = KEEP_LAST_HISTORY_QOS;
  wqos.history().depth = 10;
  DataReaderQos rqos = DATAREADER_QOS_DEFAULT;
  rqos.reliability().kind = RELIABLE_RELIABILITY_QOS;
  rqos.durability().kind = VOLATILE_DURABILITY_QOS;
  rqos.history().kind = KEEP_LAST_HISTORY_QOS;
  rqos.history().depth = 10;
  DataWriter *writer = participant->create_publisher(PUBLISHER_QOS_DEFAULT)->create_datawriter(request_topic, wqos);
  DataReader *reader = participant->create_subscriber(SUBSCRIBER_QOS_DEFAULT)->create_datareader(reply_topic, rqos);
  if (writer == nullptr || reader == nullptr)
    return fail("Fast DDS refused the request writer or the reply reader");

  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (;;) {
    PublicationMatchedStatus pm;
    SubscriptionMatchedStatus sm;
    writer->get_publication_matched_status(pm);
    reader->get_subscription_matched_status(sm);
    if (pm.current_count > 0 && sm.current_count > 0)
      break;
    if (std::chrono::steady_clock::now() > deadline) {
      std::cerr << "gpuvo_fastdds_client: " << service << " not matched within 30 s" << std::endl;
      return 3;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::cout << "matched" << std::endl;

  WriteParams params;
  params.related_sample_identity().writer_guid() = reader->guid();
  bool written;
  std_srvs::srv::dds_::Empty_Request_ empty;
  rcl_interfaces::srv::dds_::SetParameters_Request_ set;
  if (empty_request) {
    empty.structure_needs_at_least_one_member(command == "malformed" ? 7 : 0);
    written = writer->write(&empty, params);
  } else {
    rcl_interfaces::msg::dds_::Parameter_ parameter;
    parameter.name(name);
    parameter.value().type(2);  // PARAMETER_INTEGER
    parameter.value().integer_value(value);
    set.parameters().push_back(parameter);
    written = writer->write(&set, params);
  }
  if (!written)
    return fail("the request could not be written");
  std::cout << "sent" << std::endl;

  deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  std_srvs::srv::dds_::Empty_Response_ empty_reply;
  rcl_interfaces::srv::dds_::SetParameters_Response_ set_reply;
  void *reply = command == "reset" ? static_cast<void *>(&empty_reply) : static_cast<void *>(&set_reply);
  while (std::chrono::steady_clock::now() < deadline) {
    SampleInfo info;
    if (reader->take_next_sample(reply, &info) == ReturnCode_t::RETCODE_OK && info.valid_data) {
      const auto &related = info.related_sample_identity.writer_guid();
      if (related == reader->guid() || related == writer->guid()) {
        std::cout << "reply" << std::endl;
        if (command == "set" && set_reply.results().size() == 1)
          std::cout << "result " << (set_reply.results()[0].successful() ? "ok" : "refused "
                                     + set_reply.results()[0].reason()) << std::endl;
        DomainParticipantFactory::get_instance()->delete_participant(participant);
        return 0;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::cout << "no-reply" << std::endl;
  return 0;
}
