package referee

import "errors"

// BoardDone checks the position entered so far as Finish does (POS-1..POS-9: one board, the box, the start tile,
// every figure and marker) except the goods (POS-11), for the table's entry to leave its board and figure steps:
// the goods tokens are entered in the step after them, so until then the sums of a board with a completed city
// showing goods cannot match. It returns nil, or the *Refusal of the first rule broken; the draft is unchanged.
// Finish still checks POS-11 when the position is played or tallied.
func (d *Draft) BoardDone() error {
	_, err := d.Finish()
	var r *Refusal
	if errors.As(err, &r) && r.Rule == "POS-11" && r.Key == goodsSumKey {
		return nil // the only check after layOthers (layPosition): the rest of the position was accepted
	}
	return err
}

// goodsSumKey is the message key of POS-11's refusal of goods that do not add up (layGoods).
const goodsSumKey = "err.pos.goods_sum"
