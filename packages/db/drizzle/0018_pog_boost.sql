ALTER TABLE "earnings" ADD COLUMN "boost_basis_points" integer;--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "base_amount" bigint;