-- The foreign keys and unique constraints of migrations 0018-0025 were written by hand with PostgreSQL's default
-- names (table_column_fkey, table_column_key); drizzle-kit names them table_column_target_id_fk and table_column_unique,
-- and the migrations it generates drop and alter them by those names. Renaming costs a catalog update, no table rewrite.
-- A unique constraint's index is renamed with it.
ALTER TABLE "buyers" RENAME CONSTRAINT "buyers_city_id_fkey" TO "buyers_city_id_cities_id_fk";--> statement-breakpoint
ALTER TABLE "buyers" RENAME CONSTRAINT "buyers_responsible_id_fkey" TO "buyers_responsible_id_employees_id_fk";--> statement-breakpoint
ALTER TABLE "document_history" RENAME CONSTRAINT "document_history_offer_id_fkey" TO "document_history_offer_id_offers_id_fk";--> statement-breakpoint
ALTER TABLE "document_history" RENAME CONSTRAINT "document_history_user_id_fkey" TO "document_history_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "offer_documents" RENAME CONSTRAINT "offer_documents_created_by_fkey" TO "offer_documents_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "offer_documents" RENAME CONSTRAINT "offer_documents_file_id_fkey" TO "offer_documents_file_id_files_id_fk";--> statement-breakpoint
ALTER TABLE "offer_documents" RENAME CONSTRAINT "offer_documents_offer_id_fkey" TO "offer_documents_offer_id_offers_id_fk";--> statement-breakpoint
ALTER TABLE "offer_documents" RENAME CONSTRAINT "offer_documents_type_id_fkey" TO "offer_documents_type_id_document_types_id_fk";--> statement-breakpoint
ALTER TABLE "payments" RENAME CONSTRAINT "payments_created_by_fkey" TO "payments_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "payments" RENAME CONSTRAINT "payments_reserve_id_fkey" TO "payments_reserve_id_reserves_id_fk";--> statement-breakpoint
ALTER TABLE "price_list_profiles" RENAME CONSTRAINT "price_list_profiles_supplier_id_fkey" TO "price_list_profiles_supplier_id_suppliers_id_fk";--> statement-breakpoint
ALTER TABLE "price_list_profiles" RENAME CONSTRAINT "price_list_profiles_updated_by_fkey" TO "price_list_profiles_updated_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "price_list_uploads" RENAME CONSTRAINT "price_list_uploads_applied_by_fkey" TO "price_list_uploads_applied_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "price_list_uploads" RENAME CONSTRAINT "price_list_uploads_file_id_fkey" TO "price_list_uploads_file_id_files_id_fk";--> statement-breakpoint
ALTER TABLE "price_list_uploads" RENAME CONSTRAINT "price_list_uploads_supplier_id_fkey" TO "price_list_uploads_supplier_id_suppliers_id_fk";--> statement-breakpoint
ALTER TABLE "price_list_uploads" RENAME CONSTRAINT "price_list_uploads_uploaded_by_fkey" TO "price_list_uploads_uploaded_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "product_document_types" RENAME CONSTRAINT "product_document_types_product_id_fkey" TO "product_document_types_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "product_document_types" RENAME CONSTRAINT "product_document_types_type_id_fkey" TO "product_document_types_type_id_document_types_id_fk";--> statement-breakpoint
ALTER TABLE "reserves" RENAME CONSTRAINT "reserves_buyer_id_fkey" TO "reserves_buyer_id_buyers_id_fk";--> statement-breakpoint
ALTER TABLE "document_types" RENAME CONSTRAINT "document_types_code_key" TO "document_types_code_unique";--> statement-breakpoint
ALTER TABLE "offer_documents" RENAME CONSTRAINT "offer_documents_file_id_key" TO "offer_documents_file_id_unique";
