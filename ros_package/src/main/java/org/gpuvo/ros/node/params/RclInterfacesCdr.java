package org.gpuvo.ros.node.params;

import org.gpuvo.ros.cdr.CdrException;
import org.gpuvo.ros.cdr.CdrReader;
import org.gpuvo.ros.cdr.CdrType;
import org.gpuvo.ros.cdr.CdrWriter;
import org.gpuvo.ros.node.args.ParameterValue;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The CDR of the parameter services' requests and responses and of {@code rcl_interfaces/msg/ParameterEvent}, from
 * ros2/rcl_interfaces (the same in Humble, Iron, Jazzy and Kilted):
 * <pre>
 * ParameterValue:      uint8 type, bool bool_value, int64 integer_value, float64 double_value, string string_value,
 *                      byte[] byte_array_value, bool[] bool_array_value, int64[] integer_array_value,
 *                      float64[] double_array_value, string[] string_array_value
 * Parameter:           string name, ParameterValue value
 * ParameterDescriptor: string name, uint8 type, string description, string additional_constraints, bool read_only,
 *                      bool dynamic_typing, FloatingPointRange[&lt;=1] floating_point_range,
 *                      IntegerRange[&lt;=1] integer_range
 * SetParametersResult: bool successful, string reason
 * ListParametersResult: string[] names, string[] prefixes
 * ParameterEvent:      builtin_interfaces/Time stamp, string node, Parameter[] new_parameters,
 *                      Parameter[] changed_parameters, Parameter[] deleted_parameters
 * srv: GetParameters (string[] names / ParameterValue[] values), SetParameters (Parameter[] parameters /
 *      SetParametersResult[] results), SetParametersAtomically (Parameter[] parameters / SetParametersResult result),
 *      ListParameters (string[] prefixes, uint64 depth / ListParametersResult result), DescribeParameters
 *      (string[] names / ParameterDescriptor[] descriptors), GetParameterTypes (string[] names / uint8[] types)
 * </pre>
 * Decoding throws {@link org.gpuvo.ros.cdr.CdrException} for bytes that are not the type.
 */
public final class RclInterfacesCdr {
    /** rcl_interfaces/msg/ParameterType. */
    public static final int NOT_SET = 0, BOOL = 1, INTEGER = 2, DOUBLE = 3, STRING = 4, BYTE_ARRAY = 5,
            BOOL_ARRAY = 6, INTEGER_ARRAY = 7, DOUBLE_ARRAY = 8, STRING_ARRAY = 9;
    /** The source of values that came over the parameter services. */
    public static final String SOURCE = "a parameter service request";

    private static final CdrType<String> STRING_TYPE = CdrType.of(in -> in.string("element"),
            (out, v) -> out.string("element", v));
    private static final CdrType<Boolean> BOOL_TYPE = CdrType.of(in -> in.bool("element"), (out, v) -> out.bool(v));
    private static final CdrType<Long> INT64_TYPE = CdrType.of(in -> in.int64("element"), (out, v) -> out.int64(v));

    static final CdrType<ParameterValue> VALUE = new CdrType<>() {
        @Override
        public ParameterValue read(CdrReader in) {
            int type = in.uint8("type");
            boolean b = in.bool("bool_value");
            long i = in.int64("integer_value");
            double d = in.float64("double_value");
            String s = in.string("string_value");
            byte[] bytes = in.uint8Sequence("byte_array_value");
            List<Boolean> bools = in.sequence("bool_array_value", BOOL_TYPE);
            List<Long> ints = in.sequence("integer_array_value", INT64_TYPE);
            double[] doubles = in.float64Sequence("double_array_value");
            List<String> strings = in.sequence("string_array_value", STRING_TYPE);
            return switch (type) {
                case NOT_SET -> null;
                case BOOL -> ParameterValue.ofBoolean(b, SOURCE);
                case INTEGER -> ParameterValue.ofInteger(i, SOURCE);
                case DOUBLE -> ParameterValue.ofDouble(d, SOURCE);
                case STRING -> ParameterValue.ofString(s, SOURCE);
                case BYTE_ARRAY -> ParameterValue.ofBytes(bytes, SOURCE);
                case BOOL_ARRAY -> {
                    boolean[] a = new boolean[bools.size()];
                    for (int k = 0; k < a.length; k++)
                        a[k] = bools.get(k);
                    yield ParameterValue.ofBooleans(a, SOURCE);
                }
                case INTEGER_ARRAY -> ParameterValue.ofIntegers(ints.stream().mapToLong(Long::longValue).toArray(),
                        SOURCE);
                case DOUBLE_ARRAY -> ParameterValue.ofDoubles(doubles, SOURCE);
                case STRING_ARRAY -> ParameterValue.ofStrings(strings.toArray(String[]::new), SOURCE);
                default -> throw new CdrException("rcl_interfaces/msg/ParameterValue: type " + type
                        + " is none of rcl_interfaces/msg/ParameterType's", in.position());
            };
        }

        @Override
        public void write(CdrWriter out, ParameterValue v) {
            ParameterValue.Type t = v == null ? null : v.type();
            out.uint8(typeCode(v));
            out.bool(t == ParameterValue.Type.BOOL && v.booleanValue());
            out.int64(t == ParameterValue.Type.INTEGER ? v.integerValue() : 0);
            out.float64(t == ParameterValue.Type.DOUBLE ? v.doubleValue() : 0);
            out.string("string_value", t == ParameterValue.Type.STRING ? v.stringValue() : "");
            out.uint8Sequence("byte_array_value", t == ParameterValue.Type.BYTE_ARRAY ? v.bytes() : new byte[0]);
            List<Boolean> bools = new ArrayList<>();
            if (t == ParameterValue.Type.BOOL_ARRAY)
                for (boolean b : v.booleans())
                    bools.add(b);
            out.sequence("bool_array_value", BOOL_TYPE, bools);
            List<Long> ints = new ArrayList<>();
            if (t == ParameterValue.Type.INTEGER_ARRAY)
                for (long i : v.integers())
                    ints.add(i);
            out.sequence("integer_array_value", INT64_TYPE, ints);
            out.float64Sequence("double_array_value", t == ParameterValue.Type.DOUBLE_ARRAY ? v.doubles()
                    : new double[0]);
            out.sequence("string_array_value", STRING_TYPE, t == ParameterValue.Type.STRING_ARRAY
                    ? List.of(v.strings()) : List.of());
        }
    };

    static final CdrType<NamedValue> PARAMETER = CdrType.of(
            in -> new NamedValue(in.string("name"), in.struct("value", VALUE)),
            (out, p) -> {
                out.string("name", p.name());
                VALUE.write(out, p.value()); // null (NOT_SET) is a value here
            });

    static final CdrType<ParameterDescriptor> DESCRIPTOR = CdrType.of(in -> {
        String name = in.string("name");
        int type = in.uint8("type");
        String description = in.string("description");
        String constraints = in.string("additional_constraints");
        boolean readOnly = in.bool("read_only");
        in.bool("dynamic_typing");
        in.sequence("floating_point_range", CdrType.of(r -> {
            r.float64("from_value");
            r.float64("to_value");
            return r.float64("step");
        }, (o, v) -> { }));
        in.sequence("integer_range", CdrType.of(r -> {
            r.int64("from_value");
            r.int64("to_value");
            return r.uint64("step");
        }, (o, v) -> { }));
        return new ParameterDescriptor(name, type, description, constraints, readOnly);
    }, (out, d) -> {
        out.string("name", d.name());
        out.uint8(d.type());
        out.string("description", d.description());
        out.string("additional_constraints", d.additionalConstraints());
        out.bool(d.readOnly());
        out.bool(false);   // dynamic_typing
        out.uint32(0);     // floating_point_range: none
        out.uint32(0);     // integer_range: none
    });

    static final CdrType<SetParametersResult> RESULT = CdrType.of(
            in -> new SetParametersResult(in.bool("successful"), in.string("reason")),
            (out, r) -> {
                out.bool(r.successful());
                out.string("reason", r.reason());
            });

    private RclInterfacesCdr() {
    }

    /** The ParameterType constant of a value (null: NOT_SET). */
    public static int typeCode(ParameterValue v) {
        if (v == null)
            return NOT_SET;
        return switch (v.type()) {
            case BOOL -> BOOL;
            case INTEGER -> INTEGER;
            case DOUBLE -> DOUBLE;
            case STRING -> STRING;
            case BYTE_ARRAY -> BYTE_ARRAY;
            case BOOL_ARRAY -> BOOL_ARRAY;
            case INTEGER_ARRAY -> INTEGER_ARRAY;
            case DOUBLE_ARRAY -> DOUBLE_ARRAY;
            case STRING_ARRAY -> STRING_ARRAY;
        };
    }

    /** GetParameters, DescribeParameters and GetParameterTypes requests: {@code string[] names}. */
    public static List<String> decodeNames(byte[] cdr) {
        return decode(cdr, "names request", in -> in.sequence("names", STRING_TYPE));
    }

    /** SetParameters and SetParametersAtomically requests: {@code Parameter[] parameters}. */
    public static List<NamedValue> decodeParameters(byte[] cdr) {
        return decode(cdr, "rcl_interfaces/srv/SetParameters_Request", in -> in.sequence("parameters", PARAMETER));
    }

    /** A ListParameters request. */
    public record ListRequest(List<String> prefixes, long depth) {
    }

    public static ListRequest decodeListRequest(byte[] cdr) {
        return decode(cdr, "rcl_interfaces/srv/ListParameters_Request",
                in -> new ListRequest(in.sequence("prefixes", STRING_TYPE), in.uint64("depth")));
    }

    public static byte[] encodeValues(List<ParameterValue> values) {
        return encode("rcl_interfaces/srv/GetParameters_Response",
                out -> out.sequence("values", VALUE, values));
    }

    public static byte[] encodeResults(List<SetParametersResult> results) {
        return encode("rcl_interfaces/srv/SetParameters_Response", out -> out.sequence("results", RESULT, results));
    }

    public static byte[] encodeResult(SetParametersResult result) {
        return encode("rcl_interfaces/srv/SetParametersAtomically_Response",
                out -> out.struct("result", RESULT, result));
    }

    public static byte[] encodeListResult(List<String> names, List<String> prefixes) {
        return encode("rcl_interfaces/srv/ListParameters_Response", out -> {
            out.sequence("names", STRING_TYPE, names);
            out.sequence("prefixes", STRING_TYPE, prefixes);
        });
    }

    public static byte[] encodeDescriptors(List<ParameterDescriptor> descriptors) {
        return encode("rcl_interfaces/srv/DescribeParameters_Response",
                out -> out.sequence("descriptors", DESCRIPTOR, descriptors));
    }

    public static byte[] encodeTypes(List<Integer> types) {
        byte[] bytes = new byte[types.size()];
        for (int i = 0; i < bytes.length; i++)
            bytes[i] = (byte) (int) types.get(i);
        return encode("rcl_interfaces/srv/GetParameterTypes_Response", out -> out.uint8Sequence("types", bytes));
    }

    /** A ParameterEvent: the stamp in nanoseconds since the epoch, the node's fully qualified name, and the lists. */
    public static byte[] encodeEvent(long stampNanos, String node, List<NamedValue> added, List<NamedValue> changed,
                                     List<NamedValue> deleted) {
        return encode("rcl_interfaces/msg/ParameterEvent", out -> {
            out.int32((int) Math.floorDiv(stampNanos, 1_000_000_000L));
            out.uint32((int) Math.floorMod(stampNanos, 1_000_000_000L));
            out.string("node", node);
            out.sequence("new_parameters", PARAMETER, added);
            out.sequence("changed_parameters", PARAMETER, changed);
            out.sequence("deleted_parameters", PARAMETER, deleted);
        });
    }

    /** Reads a response or an event back (tests, tools). */
    public static <T> T decode(byte[] cdr, String type, Function<CdrReader, T> read) {
        CdrReader in = CdrReader.open(cdr, 0, cdr.length, type);
        T value = read.apply(in);
        in.finish();
        return value;
    }

    public static List<ParameterValue> decodeValues(byte[] cdr) {
        return decode(cdr, "rcl_interfaces/srv/GetParameters_Response", in -> in.sequence("values", VALUE));
    }

    public static List<SetParametersResult> decodeResults(byte[] cdr) {
        return decode(cdr, "rcl_interfaces/srv/SetParameters_Response", in -> in.sequence("results", RESULT));
    }

    public static List<ParameterDescriptor> decodeDescriptors(byte[] cdr) {
        return decode(cdr, "rcl_interfaces/srv/DescribeParameters_Response",
                in -> in.sequence("descriptors", DESCRIPTOR));
    }

    /** Writes a request (tests, tools). */
    public static byte[] encodeNames(List<String> names) {
        return encode("names request", out -> out.sequence("names", STRING_TYPE, names));
    }

    public static byte[] encodeParameters(List<NamedValue> parameters) {
        return encode("rcl_interfaces/srv/SetParameters_Request",
                out -> out.sequence("parameters", PARAMETER, parameters));
    }

    public static byte[] encodeListRequest(List<String> prefixes, long depth) {
        return encode("rcl_interfaces/srv/ListParameters_Request", out -> {
            out.sequence("prefixes", STRING_TYPE, prefixes);
            out.uint64(depth);
        });
    }

    private static byte[] encode(String type, Consumer<CdrWriter> write) {
        CdrWriter out = new CdrWriter(ByteOrder.LITTLE_ENDIAN, type, 256);
        write.accept(out);
        return out.toByteArray();
    }
}
