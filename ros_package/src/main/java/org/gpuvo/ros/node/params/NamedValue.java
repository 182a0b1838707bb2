package org.gpuvo.ros.node.params;

import org.gpuvo.ros.node.args.ParameterValue;

/**
 * {@code rcl_interfaces/msg/Parameter}: a name and a value; a null value is {@code PARAMETER_NOT_SET}, which a set
 * request uses to ask for the parameter's removal.
 */
public record NamedValue(String name, ParameterValue value) {
}
