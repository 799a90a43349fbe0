CREATE TABLE "live_test_item_analyses" (
	"test_id" uuid PRIMARY KEY NOT NULL,
	"analysis" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_test_item_analyses" ADD CONSTRAINT "live_test_item_analyses_test_id_scheduled_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."scheduled_tests"("id") ON DELETE cascade ON UPDATE no action;