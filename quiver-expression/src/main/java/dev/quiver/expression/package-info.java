/** Filter expressions: parsing (SQL syntax), zone-map pruning and exact vectorized evaluation. */
package dev.quiver.expression;
