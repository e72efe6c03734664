package dev.quiver.scan.expression;

/** STUB until the expressions branch lands. */
public enum Truth { TRUE, FALSE, UNKNOWN }
