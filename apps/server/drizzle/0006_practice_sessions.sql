ALTER TABLE "assessments" ALTER COLUMN "module_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "mode" text DEFAULT 'timed' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "timed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "checked" boolean[];--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "confidence" text[];--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "hints_given" integer[];--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "check_scores" jsonb;