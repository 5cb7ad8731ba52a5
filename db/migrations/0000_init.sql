-- pg_trgm backs the case-insensitive substring search indexes below (trusted extension, PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"role" text DEFAULT 'USER' NOT NULL,
	"address" jsonb,
	"ssn" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live_key" ON "users" USING btree (lower("email")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_updated_at_id_idx" ON "users" USING btree ("updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_last_name_id_idx" ON "users" USING btree ("last_name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_first_name_id_idx" ON "users" USING btree ("first_name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_email_id_idx" ON "users" USING btree ("email","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);