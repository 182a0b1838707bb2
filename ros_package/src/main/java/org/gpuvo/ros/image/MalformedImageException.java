package org.gpuvo.ros.image;

/** An image message that cannot be turned into pixels: the message says what is wrong with it. */
public class MalformedImageException extends IllegalArgumentException {
    public MalformedImageException(String message) {
        super(message);
    }

    public MalformedImageException(String message, Throwable cause) {
        super(message, cause);
    }
}
