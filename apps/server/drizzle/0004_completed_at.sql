ALTER TABLE "assessments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "assessments" SET "completed_at" = "end_time" WHERE "session_completed";
