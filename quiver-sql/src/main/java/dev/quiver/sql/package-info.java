/**
 * SQL over Quiver: Calcite parses, validates and decorrelates; Quiver orders joins from footer
 * statistics and translates the logical plan to a {@code dev.quiver.exec.plan} plan.
 */
package dev.quiver.sql;
