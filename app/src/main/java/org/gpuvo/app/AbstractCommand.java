package org.gpuvo.app;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** A gpuvo command, with its picocli model for the usage errors of its own that it finds while it runs. */
public abstract class AbstractCommand implements Callable<Integer> {
    @Spec
    protected CommandSpec spec;

    /** A usage error (exit code 2) of this command, reported as picocli reports a wrong option. */
    protected final ParameterException usageError(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
