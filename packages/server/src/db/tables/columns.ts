// Column types the tables share: how timestamps, JSON and bigint columns are written and read.
import type { ColumnType } from 'kysely';

// Timestamps are written as Date (or left to their SQL default) and read back as Date.
export type CreatedAt = ColumnType<Date, Date | undefined, never>;
export type Timestamp = ColumnType<Date, Date | undefined, Date>;
export type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

// JSON columns are written as their text and read back parsed.
export type Json<T> = ColumnType<T, string, string>;
export type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

// Columns with an SQL default: left out of an insert, set by an update.
export type Editable<T> = ColumnType<T, T | undefined, T>;
export type EditableJson<T> = ColumnType<T, string | undefined, string>;

// A bigint column: node-postgres reads it as a string, PGlite as a number; readers Number() it.
export type Int8 = ColumnType<string | number, number, number>;
