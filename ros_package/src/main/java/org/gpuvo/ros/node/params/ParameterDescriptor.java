package org.gpuvo.ros.node.params;

/**
 * {@code rcl_interfaces/msg/ParameterDescriptor} as the node fills it: no ranges, no dynamic typing.
 *
 * @param type                  the {@code rcl_interfaces/msg/ParameterType} constant
 * @param additionalConstraints what else the value must satisfy, in words
 * @param readOnly              whether the value is fixed while the node runs
 */
public record ParameterDescriptor(String name, int type, String description, String additionalConstraints,
                                  boolean readOnly) {
}
