"""Reads one request (JSON) on standard input and prints the payload a reference library
builds for it, for tools/payment-references:
  {"scheme": "epc", "name", "iban", "amount", "text" | "reference", "bic"?}  -> segno
  {"scheme": "swiss", "account", "creditor": {...}, "amount", "currency", "debtor"?,
   "reference"?, "additional"}                                            -> qrbill
Addresses are qrbill's: name, street, house_num, pcode, city, country."""
import json
import sys
from decimal import Decimal

request = json.load(sys.stdin)
if request["scheme"] == "epc":
    from segno import helpers

    data = helpers._make_epc_qr_data(
        request["name"], request["iban"], Decimal(request["amount"]), text=request.get("text"),
        reference=request.get("reference"), bic=request.get("bic"), encoding="utf-8")
    sys.stdout.write(data.decode("utf-8"))
elif request["scheme"] == "swiss":
    from qrbill import QRBill

    bill = QRBill(
        account=request["account"], creditor=request["creditor"], amount=request["amount"],
        currency=request["currency"], debtor=request.get("debtor"),
        reference_number=request.get("reference") or None,
        additional_information=request.get("additional", ""))
    sys.stdout.write(bill.qr_data())
else:
    sys.exit("unknown scheme " + request["scheme"])
